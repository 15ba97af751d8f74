/// A catalog entry's story as the scheduler tells it: a scenario of the behaviour suite and the
/// schedule, found by `race-lab explore` (the fewest deviations), in which the entry shows. No
/// gate and no hand-written order: replaying it is `race-lab explore TARGET --schedule S`.
public struct ExploredSchedule: Sendable, Hashable {
  /// The target's name: a scenario, with `+in-flight` when its steps are in flight together.
  public let target: String
  /// The schedule, as `race-lab explore` prints it.
  public let schedule: String
  /// Whether the run shows the entry's symptom (a broken expectation or invariant); false when
  /// it shows the race only as unordered accesses (the entry has no symptom the scenarios check).
  public let showsSymptom: Bool

  public init(target: String, schedule: String, showsSymptom: Bool = true) {
    self.target = target
    self.schedule = schedule
    self.showsSymptom = showsSymptom
  }

  /// The command that replays it.
  public var command: String {
    "swift run race-lab explore \(target) --schedule \(schedule)"
      + (showsSymptom ? " --symptoms-only" : "")
  }
}
