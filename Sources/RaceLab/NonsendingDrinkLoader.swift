import CheckReporting
import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// A minimal copy of exercise 15's starter: a store actor whose `load()` is `nonisolated` and
/// `async`, as code written without NonisolatedNonsendingByDefault marks I/O it wants off the
/// caller's actor.
///
/// Without that upcoming feature, in the Swift 5 and Swift 6 language modes (on Swift 6.2 and
/// 6.3 too: SE-0461 gates the new default behind the feature), such a function runs on the
/// global concurrent executor (SE-0338)
/// (probe: nonisolated-async-leaves-caller-without-nonsending-feature). With the feature on, the same
/// declaration means `nonisolated(nonsending)`: it runs on its caller's actor. Called from the
/// main actor, the read blocks the main queue. This file spells the attribute out, since the
/// RaceLab module builds without the feature: `nonisolated(nonsending)` is what SE-0461's
/// feature makes of a plain `nonisolated func ... async`.
actor NonsendingDrinkLoader {
  private let documents: DocumentsFolder
  private var savedValue: [Drink] = []

  init(platform: SimulatedPlatform) {
    self.documents = platform.documents
  }

  /// Reads the drink list. Runs on the caller's actor: the trap.
  nonisolated(nonsending) func load() async -> [Drink] {
    let drinks = readDrinks()
    await remember(drinks)
    return drinks
  }

  /// The fix: `@concurrent` runs the same read off the caller's actor, on the global concurrent
  /// executor (or on a task executor preference, SE-0417, where a task has set one)
  /// (probe: concurrent-honours-task-executor-preference).
  @concurrent nonisolated func loadOffTheCaller() async -> [Drink] {
    let drinks = readDrinks()
    await remember(drinks)
    return drinks
  }

  /// The synchronous file read, on whatever thread calls it.
  private nonisolated func readDrinks() -> [Drink] {
    (try? documents.read(fileNamed: Snapshot.fileName)).flatMap {
      try? PropertyListDecoder().decode([Drink].self, from: $0)
    } ?? []
  }

  private func remember(_ drinks: [Drink]) {
    savedValue = drinks
  }
}

extension Replay {
  /// The trap's minimal copy, called from the main actor as the model calls its store at launch;
  /// `fixed` calls the `@concurrent` form instead.
  public static func nonsendingLoaderReadsOnMain(fixed: Bool = false) async throws -> (Bool, String)
  {
    let platform = try SimulatedPlatform()
    try seedDrinkList(on: platform)
    let loader = NonsendingDrinkLoader(platform: platform)
    let drinks = fixed ? await loader.loadOffTheCaller() : await loader.load()
    let count = platform.events.all.count {
      if case .blockingFileIOOnMainQueue = $0.kind { true } else { false }
    }
    return (
      count > 0,
      "read \(Wording.count(drinks.count, "drink")); \(Wording.count(count, "file operation")) on the main queue"
    )
  }

  /// A variant's launch: a saved drink list is read when the app starts.
  static func launchReadOnMain(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    try seedDrinkList(on: platform)
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    let count = Snapshot(of: driver, on: platform).blockingIOOnMainQueue
    return (count > 0, "\(Wording.count(count, "file operation")) on the main queue at launch")
  }

  /// A saved list of one drink, so that a launch has a file to read.
  private static func seedDrinkList(on platform: SimulatedPlatform) throws {
    try platform.documents.seedDrinkList([
      Drink(mgCaffeine: 96, onDate: platform.clock.now.addingTimeInterval(-60 * 60))
    ])
  }
}
