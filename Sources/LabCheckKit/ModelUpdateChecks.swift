import CoffeeScenarios
import Foundation
import RaceLab
import SimulatedPlatform

/// Checks on how a health load and the model update are ordered, for the steps that move that
/// update onto the main actor.
@MainActor
public enum ModelUpdateChecks {
  /// Passes when `loadNewDataFromHealthKit()` returns only once the model holds the new drink.
  ///
  /// The load starts off the main actor while the check holds the main queue. The hold ends when
  /// the load has returned, or when it is provably waiting for the main actor: the platform has
  /// answered its query, no platform work is in flight, and Swift's global executor has nothing
  /// left to run. A load that awaits the model update cannot return while the main queue is
  /// held; one that returns meanwhile has left the model behind. No clock decides: the verdict is
  /// the same on a loaded machine. `startLoad` returns the exercise's async load, taken from its
  /// driver.
  public static func loadReturnsAfterModelUpdate(
    on variant: Variant,
    startLoad: @MainActor (any CoffeeTrackerDriver) -> @Sendable () async -> Bool
  ) async throws -> CheckOutcome {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    let sample = platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 128, date: platform.clock.now.addingTimeInterval(-20 * 60))

    let loadNewData = startLoad(driver)
    let returned = Gate()
    let mark = platform.events.count
    let load = Task.detached {
      let success = await loadNewData()
      returned.open()
      return success
    }
    // Hold the main queue until the load has returned or can only be waiting for it.
    let returnedWhileMainWasHeld = holdMainQueue(
      until: returned, orQueryAnsweredAfter: mark, on: platform)
    let success = await load.value
    let holdsDrink = driver.currentDrinks.contains { $0.uuid == sample.uuid }
    try await platform.settle(driver)

    if returnedWhileMainWasHeld {
      return .fail(
        "loadNewDataFromHealthKit() returned while the main actor was busy, so without updating "
          + "the model on the main actor first: await the update there before returning")
    }
    guard success else { return .fail("loadNewDataFromHealthKit() answered false") }
    return .expect(
      holdsDrink, "when loadNewDataFromHealthKit() returned, the model did not hold the new drink")
  }

  /// Blocks the main queue until `returned` opens (true) or the load is provably waiting for the
  /// main actor (false): its query was answered after event `mark`, no platform work is in
  /// flight, and the global executor has no job to run.
  private static func holdMainQueue(
    until returned: Gate, orQueryAnsweredAfter mark: Int, on platform: SimulatedPlatform
  ) -> Bool {
    while true {
      if returned.isOpen { return true }
      let answered = platform.events.events(since: mark).contains { event in
        switch event.kind {
        case .healthQueryAnswered, .healthQueryFailed: true
        default: false
        }
      }
      if answered && platform.activity.inFlight == 0 && !SerialPool.isBusy && !returned.isOpen {
        return false
      }
      usleep(200)
    }
  }
}

extension CheckOutcome {
  /// Runs `checks` in order: passes when all pass, otherwise fails with the first failure.
  public static func all(_ checks: [() async throws -> CheckOutcome]) async throws -> CheckOutcome {
    for check in checks {
      let outcome = try await check()
      guard outcome == .pass else { return outcome }
    }
    return .pass
  }
}
