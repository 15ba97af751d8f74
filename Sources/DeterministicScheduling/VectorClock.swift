/// What a job knows of every other job's progress: for each job (by its number in the run), how
/// many of its steps happen before this point. Two points are ordered when one's clock covers
/// the other's; neither covering the other means nothing orders them, a race if they touch the
/// same state (Lamport, "Time, Clocks, and the Ordering of Events in a Distributed System",
/// 1978; Fidge and Mattern's vector clocks).
public struct VectorClock: Hashable, Sendable {
  private var ticks: [Int: Int] = [:]

  public init() {}

  /// The steps of `job` this point has seen.
  public subscript(job: Int) -> Int { ticks[job] ?? 0 }

  /// One more step of `job`.
  public mutating func tick(_ job: Int) {
    ticks[job, default: 0] += 1
  }

  /// Everything `other` has seen is seen here too: the edge from `other`'s point to this one.
  public mutating func join(_ other: VectorClock) {
    for (job, count) in other.ticks where count > ticks[job] ?? 0 { ticks[job] = count }
  }

  /// Whether the point with this clock happens before (or is) the point with `other`.
  public func happensBefore(_ other: VectorClock) -> Bool {
    ticks.allSatisfy { other[$0.key] >= $0.value }
  }
}
