import CheckReporting

/// Something that must be true of the app once it has gone still, whatever it did before: the
/// behaviour suite checks each one after every scenario (`Expectation.everyScenario`), and the race
/// lab's stress after every iteration (`Stress.invariants`).
public struct AppInvariant: Sendable {
  /// What must be true, in a sentence.
  public let summary: String
  /// The before variant's bug that breaks it, if a scenario shows one.
  public let brokenBy: KnownBug?
  private let violation: @Sendable (Snapshot) -> String?

  private init(
    _ summary: String, brokenBy: KnownBug? = nil,
    violation: @escaping @Sendable (Snapshot) -> String?
  ) {
    self.summary = summary
    self.brokenBy = brokenBy
    self.violation = violation
  }

  /// Nil when the invariant holds in `snapshot`; otherwise what was found instead.
  public func violation(in snapshot: Snapshot) -> String? {
    violation(snapshot)
  }

  /// Every one, in the order the behaviour suite lists them.
  public static let all = [
    noDrinkListedTwice, noPublishedChangeOffMain, noWriteLostAtSuspension,
    everyBackgroundTaskCompletedOnce, noFileIOOnMainQueue,
  ]

  public static let noDrinkListedTwice = AppInvariant("no drink is listed twice") { snapshot in
    let ids = snapshot.modelDrinks.map(\.uuid)
    let duplicates = ids.count - Set(ids).count
    return duplicates == 0 ? nil : Wording.count(duplicates, "duplicated drink")
  }

  public static let noPublishedChangeOffMain = AppInvariant(
    "no published change is made off the main queue"
  ) { snapshot in
    let count = snapshot.offMainPublishedChanges
    return count == 0 ? nil : "\(Wording.count(count, "published change")) off the main queue"
  }

  public static let noWriteLostAtSuspension = AppInvariant(
    "no write is lost when the app is suspended"
  ) { snapshot in
    let count = snapshot.writesLostAtSuspension
    return count == 0 ? nil : "\(Wording.count(count, "write")) lost at suspension"
  }

  public static let everyBackgroundTaskCompletedOnce = AppInvariant(
    "every background task is completed exactly once"
  ) { snapshot in
    let wrong = snapshot.backgroundTasks.filter { $0.completions != 1 }
    let described = wrong.map { "task \($0.id) completed \(Wording.count($0.completions, "time"))" }
    return wrong.isEmpty ? nil : described.joined(separator: "; ")
  }

  public static let noFileIOOnMainQueue = AppInvariant(
    "no file I/O blocks the main queue", brokenBy: .blockingIOOnMainQueue
  ) { snapshot in
    let count = snapshot.blockingIOOnMainQueue
    return count == 0 ? nil : "\(Wording.count(count, "file operation")) on the main queue"
  }
}
