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
  /// The load starts off the main actor while the main queue is held (one second at most, the
  /// safety net that lets a right answer through): a load that awaits the model update needs the
  /// main actor, so it cannot return meanwhile; one that returns at once has left the model behind.
  /// `startLoad` returns the exercise's async load, taken from its driver.
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
    let load = Task.detached {
      let success = await loadNewData()
      returned.open()
      return success
    }
    // Hold the main queue until the load has returned, one second at most.
    let returnedWhileMainWasHeld = returned.wait(timeout: 1)
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
