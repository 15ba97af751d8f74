/// How the scheduler picks the next job where more than one is ready.
public enum SchedulingPolicy: Sendable, Hashable, CustomStringConvertible {
  /// Follow a schedule: its deviations where it has them, the default order everywhere else.
  /// The bounded search and every replay run this way.
  case following(Schedule)
  /// A seeded uniform pick among the ready jobs.
  case random(seed: UInt64)
  /// Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010): every job a seeded
  /// priority, the highest runs, and at `depth - 1` seeded decision points among the first
  /// `expectedSteps` the job about to run drops below every other.
  case pct(seed: UInt64, depth: Int, expectedSteps: Int)

  public var description: String {
    switch self {
    case .following(let schedule): "schedule \(schedule)"
    case .random(let seed): "random (seed \(seed))"
    case .pct(let seed, let depth, _): "pct (seed \(seed), depth \(depth))"
    }
  }
}
