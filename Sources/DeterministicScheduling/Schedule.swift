import Foundation

/// A run's schedule, written as its deviations from the default order: at decision point `step`,
/// the scheduler took ready job number `choice` (0 is the default: the oldest ready job, or the
/// job that was already running). The empty schedule is the default order itself.
///
/// Printed as `4:1,9:2` (`race-lab explore … --schedule 4:1,9:2` replays it), so that a finding
/// fits on one line, and its length is the number of deviations: the measure the bounded search
/// minimises.
public struct Schedule: Hashable, Sendable, CustomStringConvertible {
  /// One deviation from the default order.
  public struct Deviation: Hashable, Sendable, Comparable {
    /// The decision point, counted from 0 over the points where more than one job was ready.
    public var step: Int
    /// The ready job taken, in the order the scheduler lists them (0 is the default).
    public var choice: Int

    public init(step: Int, choice: Int) {
      self.step = step
      self.choice = choice
    }

    public static func < (lhs: Deviation, rhs: Deviation) -> Bool {
      (lhs.step, lhs.choice) < (rhs.step, rhs.choice)
    }
  }

  /// The deviations, ordered by step, at most one per step.
  public private(set) var deviations: [Deviation]

  /// The default order: no deviation.
  public static let defaultOrder = Schedule([])

  public init(_ deviations: [Deviation]) {
    var byStep: [Int: Int] = [:]
    for deviation in deviations where deviation.choice != 0 {
      byStep[deviation.step] = deviation.choice
    }
    self.deviations = byStep.map { Deviation(step: $0.key, choice: $0.value) }.sorted()
  }

  /// Reads `4:1,9:2`; the empty string or `default` is the default order. Nil when malformed.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed == "default" {
      self.init([])
      return
    }
    var deviations: [Deviation] = []
    for part in trimmed.split(separator: ",") {
      let pair = part.split(separator: ":")
      guard pair.count == 2, let step = Int(pair[0]), let choice = Int(pair[1]), step >= 0,
        choice >= 1, !deviations.contains(where: { $0.step == step })
      else { return nil }
      deviations.append(Deviation(step: step, choice: choice))
    }
    self.init(deviations)
  }

  /// The choice this schedule makes at decision point `step`.
  public func choice(at step: Int) -> Int {
    deviations.first { $0.step == step }?.choice ?? 0
  }

  /// The schedule with one more deviation.
  public func adding(step: Int, choice: Int) -> Schedule {
    Schedule(deviations + [Deviation(step: step, choice: choice)])
  }

  /// The last step this schedule deviates at; -1 for the default order.
  public var lastStep: Int { deviations.last?.step ?? -1 }

  public var description: String {
    deviations.isEmpty
      ? "default" : deviations.map { "\($0.step):\($0.choice)" }.joined(separator: ",")
  }
}
