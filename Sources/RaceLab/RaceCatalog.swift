import CoffeeScenarios

/// The concurrency defects of the before variant that the lab teaches, in one place (those it
/// knows of and leaves out are in `RaceDocs.uncatalogued`): the replay tests, the stress
/// runs, `make race`, `make diagnose`, the behaviour suite's known bugs, the lab book and the docs
/// all read this list. Each entry is defined in a file of its own under `Races/`, with its replay.
public enum RaceCatalog {
  public static let entries: [RaceEntry] = [
    savedValueRace, healthStateOnCallbackQueues, overlappingLoads, blockingIOOnMainQueue,
    writeLostAtSuspension, authorizationNeverAnswered, reentrantAnchorAcrossAwait,
    nonsendingIOOnMain,
  ]

  /// Finds an entry by identifier.
  public static func entry(_ id: String) -> RaceEntry? {
    entries.first { $0.id == id }
  }

  /// The entry a known bug names; nil only for a name the catalog lost.
  public static func entry(_ bug: KnownBug) -> RaceEntry? {
    entries.first { $0.knownBug == bug }
  }
}

extension KnownBug {
  /// Why the before variant fails an expectation this bug breaks, from the bug's catalog entry.
  public var explanation: String {
    guard let entry = RaceCatalog.entry(self) else { return "\(id), an entry the catalog lacks" }
    return entry.failureExplanation ?? entry.title
  }
}
