import DeterministicScheduling

extension SimulatedPlatform {
  /// Inside an exploration run, queues `event` (something outside the app: another device, the
  /// user in the Health app; or, `onMainQueue`, the user's action in the app's UI) as a timer of
  /// the scheduler, and returns true. In the default order
  /// it fires once the app is still; one deviation fires it at any point of the app's work, so
  /// exploring within one deviation tries every moment. Time is virtual: the wait costs nothing.
  /// Outside a run it does nothing and returns false: the caller plays the event at once.
  public func meanwhile(
    _ label: String, onMainQueue: Bool = false, _ event: @escaping @Sendable () -> Void
  ) -> Bool {
    guard DeterministicScheduler.isRunning else { return false }
    DeterministicScheduler.shared.enqueue(
      event, lane: onMainQueue ? .main : .serial("outside the app"), label: label,
      after: .seconds(1))
    return true
  }
}
