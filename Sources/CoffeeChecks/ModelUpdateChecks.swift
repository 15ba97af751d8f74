import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

/// Checks on how a health load and the model update are ordered, for the steps that move that
/// update onto the main actor.
@MainActor
public enum ModelUpdateChecks {
  /// Passes when `loadNewDataFromHealthKit()` returns only once the model holds the new drink.
  ///
  /// The load starts off the main actor while the check holds the main queue. The hold ends when
  /// the load has returned, or when it is provably waiting for the main actor: no platform work
  /// is in flight (the platform has answered its query) and Swift's global executor has nothing
  /// left to run. A load that awaits the model update cannot return while the main queue is
  /// held; one that returns meanwhile has left the model behind. No clock decides: the verdict is
  /// the same on a loaded machine. `startLoad` returns the exercise's async load, taken from its
  /// driver.
  public static func loadReturnsAfterModelUpdate(
    on variant: Variant,
    startLoad: @MainActor (any CoffeeTrackerDriver) -> @Sendable () async -> Bool
  ) async throws -> CheckOutcome {
    // The check holds the main queue: a load that blocks a thread until the main queue is free
    // would wait for the check, and the check for it. Say so instead of hanging.
    if let sources = try? ExerciseSources(),
      let files = try? CompilerChecks.files(of: sources).map({
        URL(fileURLWithPath: $0).lastPathComponent
      }),
      let use = try? EscapeHatchChecks.uses(of: [.mainQueueSync], in: files, of: sources).first
    {
      return .fail(
        "\(use): it blocks a thread of Swift's cooperative pool until the main queue is free "
          + "(and deadlocks if the main queue waits for that thread). Await `MainActor.run` instead"
      )
    }
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
    // Hold the main queue until the load has returned or can only be waiting for it.
    let returnedWhileMainWasHeld = holdMainQueue(until: returned, on: platform)
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
  /// main actor (false): no platform work is in flight (its query was answered, or never asked)
  /// and the global executor has no job to run. A load that needs the main actor before its query
  /// is released too, rather than left to hang: its own checks judge where it runs.
  private static func holdMainQueue(until returned: Gate, on platform: SimulatedPlatform) -> Bool {
    while true {
      if returned.isOpen { return true }
      if platform.activity.inFlight == 0 && !ActivityMonitor.globalExecutorIsBusy
        && !returned.isOpen
      {
        return false
      }
      usleep(200)
    }
  }
}
