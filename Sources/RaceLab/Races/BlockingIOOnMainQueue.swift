import CheckReporting
import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let blockingIOOnMainQueue = RaceEntry(
    .blockingIOOnMainQueue,
    title: "Blocking disk I/O on the main queue in the background",
    location: "CoffeeTrackerBefore/CoffeeData.swift: CoffeeData.save()",
    symbols: ["saveAction"],
    interleaving:
      "While the app is in the background, any change of the drink list saves synchronously on the "
      + "queue that made it: the main queue.",
    symptom: "The main queue waits for the disk; the platform records blocking file I/O on main.",
    afterFix:
      "drinksUpdated() awaits the store actor's save: the write runs off the main actor and the "
      + "background task waits for it instead.",
    talkPassage:
      "Factoring out actors: \"you should never block the main thread to perform a synchronous IO\"",
    replay: ReplaySchedule { try await Replay.blockingIOOnMainQueue(on: $0) },
    explored: ExploredSchedule(target: "add-drink-background", schedule: "default"),
    stressInvariants: [
      StressInvariant(.fileIOOnMain, holds: .noFileIOOnMainQueue) { _ in
        "the platform recorded the file operations on the main queue"
      }
    ],
    failureExplanation:
      "the before variant writes the drink file synchronously on the main queue while in the "
      + "background",
    isRacingAccess: { event in
      if case .blockingFileIOOnMainQueue? = event.platformEvent?.kind { true } else { false }
    },
    lesson: RaceLesson(
      before: .init(file: "Sources/CoffeeTrackerBefore/CoffeeData.swift", needle: "saveAction()"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/CoffeeData.swift",
        needle: "await store.save(currentDrinks)"),
      exerciseID: "07-coffee-data-store"))
}

extension Replay {
  /// A drink added while the app is in the background.
  static func blockingIOOnMainQueue(on variant: Variant) async throws -> (Bool, String) {
    let (platform, driver) = try await launchSettled(variant)
    platform.runtime.setApplicationState(.background)
    driver.addDrink(mgCaffeine: 192, onDate: platform.clock.now)
    try await platform.settle(driver)
    let count = Snapshot(of: driver, on: platform).blockingIOOnMainQueue
    return (count > 0, "\(Wording.count(count, "file operation")) on the main queue")
  }
}
