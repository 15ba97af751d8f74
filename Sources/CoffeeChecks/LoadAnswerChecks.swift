import CoffeeDomain
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

/// What a load's answer must mean, judged when it is given: a load that answers `true` has
/// brought into the model what the health store held when it was asked. The end state cannot
/// tell: a load that skips because another runs, or that answers with the running one's result,
/// leaves a sample out only until the next load brings it.
public enum LoadAnswerChecks {
  /// How long a held answer waits for the second load to start at most: a safety net should
  /// the check itself fail to start it, never what decides a verdict.
  static let safetyNet: TimeInterval = 60

  /// A second load is asked while the first one's query has answered but not yet reached the
  /// app, and a sample from another device arrived in between: the first load cannot bring it
  /// (the store answered before it came), so the second must query after the first has ended,
  /// and answer `true` only once the model holds the sample.
  ///
  /// The first query's answer is held until the check has looked at the second load's answer,
  /// or until the loads can only be waiting for it (`Hold.untilLookedOrWaiting`): no clock
  /// decides. A right answer waits for the first load, then queries: it answers after the held
  /// answer is let go, with the sample in the model. A wrong one answers while it is held.
  @MainActor
  public static func loadAskedDuringAnotherBringsWhatArrived(
    platform: SimulatedPlatform, driver: any CoffeeTrackerDriver,
    load: @escaping @Sendable () async -> Bool
  ) async throws -> CheckOutcome {
    try await platform.settle(driver)
    let (firstAnswered, secondStarted, looked, secondReturned) = (Gate(), Gate(), Gate(), Gate())
    let queriesDelivered = PlatformLock(0)
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      let isFirst = queriesDelivered.withLock { count in
        count += 1
        return count == 1
      }
      guard isFirst else { return }
      firstAnswered.open()
      // Until the second load runs, the pool is idle only because the check has not asked it
      // yet: hold on until it has started, in a job of its own.
      _ = secondStarted.wait(timeout: Self.safetyNet)
      Hold.untilLookedOrWaiting(looked: looked, returned: secondReturned)
    }
    let first = Task.detached { await load() }
    await firstAnswered.opened()
    let sample = platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 64, date: platform.clock.now.addingTimeInterval(-20 * 60))
    let second = await Task.detached {
      // Opened in the job that asks: the pool is busy with it until the load suspends or returns.
      secondStarted.open()
      let answer = await load()
      secondReturned.open()
      return answer
    }.value
    let heldAtAnswer = driver.currentDrinks.contains { $0.uuid == sample.uuid }
    looked.open()
    _ = await first.value
    platform.checkpoints.remove(at: .healthCallbackDelivering(.query))
    try await platform.settle(driver)
    guard second else {
      return .fail(
        "a load asked while another was running answered false, though the health store "
          + "answered every query: it must wait for the running load, then query for itself")
    }
    return .expect(
      heldAtAnswer,
      "a load asked while another was running answered true before the model held the sample "
        + "that arrived after the running load's query: skipping, or answering with the running "
        + "load's result, reports work that nobody did. Let the new load wait for the one "
        + "started before it, then query for itself, and answer once the model is updated")
  }
}
