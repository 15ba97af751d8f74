/// How a scenario's steps meet the app's work.
public enum StepPacing: String, Sendable, Hashable, CaseIterable {
  /// The app goes still after the launch and after every step: the behaviour suite's way.
  case settled
  /// Every step right after the previous one, the app's work in flight together; the app goes
  /// still after the launch, before a relaunch and after the last step. A `meanwhile` step then
  /// comes at a moment the scheduler picks.
  case inFlight = "in-flight"
}
