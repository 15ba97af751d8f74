import Foundation

/// What the lab book says about each race beyond its catalog entry: the lines of code that race
/// in each variant, and the exercise whose solution removes the race.
public struct RaceLesson: Sendable {
  /// Where to find a racing line: a file under the package root and a piece of text on the line.
  public struct CodeLine: Sendable {
    public let file: String
    public let needle: String
  }

  public let entryID: String
  public let before: CodeLine
  public let after: CodeLine
  /// The exercise whose checks replay or test this race.
  public let exerciseID: String

  /// One lesson per catalog entry. Tests check that each needle is still found in its file.
  public static let all: [RaceLesson] = [
    RaceLesson(
      entryID: "saved-value-race",
      before: .init(
        file: "Sources/CoffeeTrackerBefore/CoffeeData.swift",
        needle: "self.savedValue = self.currentDrinks"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/CoffeeData.swift", needle: "savedValue = currentDrinks"),
      exerciseID: "07-coffee-data-store"),
    RaceLesson(
      entryID: "health-state-on-callback-queues",
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "self.isAuthorized = success"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "self.isAuthorized = true"),
      exerciseID: "06-health-controller-actor"),
    RaceLesson(
      entryID: "overlapping-loads",
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "AnchoredObjectQuery(dateRange: dateRange, anchor: anchor)"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "let previousLoad = lastLoad"),
      exerciseID: "11-no-overlapping-loads"),
    RaceLesson(
      entryID: "blocking-io-on-main",
      before: .init(file: "Sources/CoffeeTrackerBefore/CoffeeData.swift", needle: "saveAction()"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/CoffeeData.swift",
        needle: "await store.save(currentDrinks)"),
      exerciseID: "07-coffee-data-store"),
    RaceLesson(
      entryID: "write-lost-at-suspension",
      before: .init(
        file: "Sources/CoffeeTrackerBefore/ExtensionDelegate.swift",
        needle: "setTaskCompletedWithSnapshot(success)"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/ExtensionDelegate.swift",
        needle: "setTaskCompletedWithSnapshot(success)"),
      exerciseID: "10-background-task-awaits"),
    RaceLesson(
      entryID: "authorization-never-answered",
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "guard isAvailable else { return }"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "guard isAvailable else { return false }"),
      exerciseID: "02-async-authorization"),
    RaceLesson(
      entryID: "reentrant-anchor-across-await",
      before: .init(file: "Sources/RaceLab/TalkEndStateLoader.swift", needle: "anchor = newAnchor"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "let previousLoad = lastLoad"),
      exerciseID: "11-no-overlapping-loads"),
    RaceLesson(
      entryID: "nonsending-io-on-main",
      before: .init(
        file: "Sources/RaceLab/NonsendingDrinkLoader.swift",
        needle: "nonisolated(nonsending) func load() async -> [Drink] {"),
      after: .init(
        file: "Solutions/15-concurrent-io/CoffeeData.swift",
        needle: "@concurrent nonisolated func load() async -> [Drink] {"),
      exerciseID: "15-concurrent-io"),
  ]

  /// The lesson of the entry `id`.
  public static func lesson(for id: String) -> RaceLesson? {
    all.first { $0.entryID == id }
  }
}

/// A few lines of a source file around the first line holding a piece of text.
public struct CodeExcerpt: Sendable {
  public let file: String
  /// The first line's number, from 1.
  public let firstLine: Int
  public let lines: [String]
  /// The index in `lines` of the line that holds the text.
  public let highlighted: Int

  /// The excerpt of `file` (relative to `root`) around the first line containing `needle`, with
  /// `context` lines either side; nil when the file or the text is missing.
  public static func find(
    _ needle: String, in file: String, root: String, context: Int = 3
  ) -> CodeExcerpt? {
    guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else {
      return nil
    }
    let lines = text.components(separatedBy: "\n")
    guard let index = lines.firstIndex(where: { $0.contains(needle) }) else { return nil }
    let start = max(0, index - context)
    let end = min(lines.count, index + context + 1)
    return CodeExcerpt(
      file: file, firstLine: start + 1, lines: Array(lines[start..<end]), highlighted: index - start
    )
  }
}
