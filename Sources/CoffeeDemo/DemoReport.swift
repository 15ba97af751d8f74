import CheckReporting
import CoffeeScenarios
import CommandLineSupport
import Foundation

/// Lays out what the demo prints: the header, each step with one row per observable (once when
/// the variants agree, once per variant when they differ), the expectations' verdicts and a
/// summary. Every method returns lines; the caller prints them.
struct DemoReport {
  let style: TerminalStyle
  /// The columns every line fits: `--width`, else the terminal's (see `DemoOptions.layoutWidth`).
  var width = 80

  /// The width of the label column ("model", "file"...).
  private static let labelWidth = 13
  /// The width of the variant column ("both", "before"...).
  private static let tagWidth = 7

  // MARK: Header

  /// What the demo is about to do, and how to replay it.
  func header(for options: DemoOptions, startingAt start: Date) -> [String] {
    let variants = options.variants.map { "\($0.name) (\($0.approach))" }
      .joined(separator: " and ")
    var lines = TextLayout.words(
      "coffee-demo · the Coffee Tracker before and after Swift concurrency", width: width
    ).map(style.bold)
    func field(_ name: String, _ value: String) {
      lines += TextLayout.hanging("  " + TextLayout.pad(name, to: 10), value, width: width)
    }
    if options.playsEveryScenario {
      field("scenarios", "all \(options.scenarios.count), each shown by its last step and verdicts")
    } else if let scenario = options.scenarios.first {
      field("scenario", "\(scenario.id): \(scenario.summary)")
      field("setup", Self.describe(scenario.setup))
    }
    field("variants", variants)
    field(
      "platform",
      "simulated watch, clock at \(Self.day(start)) \(Self.time(start)) UTC, a fresh temporary documents folder"
    )
    if let latency = options.latencyMilliseconds {
      field("latency", "health store calls and file writes take up to \(latency) ms, at random")
    } else {
      field("latency", "none (--latency MS adds random latency, drawn from the seed)")
    }
    field("seed", "\(options.seed); replay: swift run coffee-demo \(options.replayArguments)")
    return lines
  }

  /// The setup of a scenario, in a phrase.
  private static func describe(_ setup: Scenario.Setup) -> String {
    var parts: [String] = []
    switch setup.savedFile {
    case nil: parts.append("no saved file")
    case .drinks(let drinks):
      parts.append("a saved file with \(Wording.count(drinks.count, "drink"))")
    case .corrupt: parts.append("a corrupt data file")
    }
    if !setup.existingSamples.isEmpty {
      parts.append("\(Wording.count(setup.existingSamples.count, "sample")) from another device")
    }
    let health = setup.health
    if !health.isHealthDataAvailable { parts.append("no health data on this watch") }
    if !health.grantsAuthorization { parts.append("the user denies sharing") }
    if health.failsAuthorization { parts.append("authorization requests fail") }
    if health.failsQueries { parts.append("health queries fail") }
    if health.failsSaves { parts.append("health saves fail") }
    return parts.joined(separator: "; ")
  }

  // MARK: Steps

  /// The step at `index` of `play` (0 is the launch): each observable, once when every variant
  /// agrees, once per variant when they do not, then a line saying whether they diverge.
  func step(_ index: Int, of play: ScenarioPlay) -> [String] {
    let stepCount = play.scenario.steps.count
    // A run the runner gave up on has no record for the later steps: show the others.
    let present = play.runs.filter { $0.records.indices.contains(index) }
    let time = present.first.map { Self.time($0.records[index].now) } ?? "--:--"
    let title =
      index == 0
      ? "Launch · \(time) · the app launches on the prepared watch"
      : "Step \(index)/\(stepCount) · \(time) · " + play.scenario.steps[index - 1].description
    let observations = present.map { StepObservation($0.records[index]) }
    let previous = present.map { index > 0 ? StepObservation($0.records[index - 1]) : nil }
    let names = present.map(\.variant.name)
    var lines = TextLayout.words(title, width: width).map(style.bold)
    for row in Self.rows(observations, previous: previous) {
      lines += render(row, variants: names)
    }
    lines += divergence(observations, variants: names)
    for run in play.runs where !run.records.indices.contains(index) {
      lines.append(style.red("  ≠ \(run.variant.name) had stopped before this step"))
    }
    return lines
  }

  /// One observable across the variants: its text for each, as items to wrap between.
  private struct Row {
    let label: String
    /// False for diagnostics the variants may differ on without being wrong.
    let isObservable: Bool
    let values: [[String]]
  }

  /// The rows of a step, from each variant's observation at this step and at the one before
  /// (for the counters' increments).
  private static func rows(_ current: [StepObservation], previous: [StepObservation?]) -> [Row] {
    func row(
      _ label: String, observable: Bool = true,
      _ text: (StepObservation, StepObservation?) -> [String]
    ) -> Row {
      Row(
        label: label, isObservable: observable,
        values: zip(current, previous).map(text))
    }
    return [
      row("model") { now, _ in drinks(now.modelDrinks, none: "no drinks") },
      row("file") { now, _ in
        switch now.file {
        case .missing: ["no file"]
        case .unreadable: ["unreadable"]
        case .drinks(let drinks): drinks.isEmpty ? ["an empty list"] : drinks.map(\.description)
        }
      },
      row("health store") { now, _ in drinks(now.healthSamples, none: "no samples") },
      row("caffeine") { now, _ in
        [
          String(
            format: "%.1f mg in the body, %.2f cups today", now.caffeineLevel,
            now.equivalentCups)
        ]
      },
      row("complication") { now, last in
        var text = "shows nothing"
        if let level = now.complicationLevel {
          // The complication shows its timeline entry due now, which lags the exact level.
          // Compare as printed: the level is already rounded once, so rounding again could differ.
          let shown = String(format: "%.1f", level)
          let note =
            shown == String(format: "%.1f", now.caffeineLevel)
            ? "" : ", from the timeline entry due now"
          text = "shows \(shown) mg" + note
        }
        return [
          Wording.count(now.complicationReloads, "reload")
            + delta(now, last, \.state.complicationReloads) + ", " + text
        ]
      },
      row("background") { now, _ in
        let tasks = now.backgroundTasks.map(describe)
        return (tasks.isEmpty ? ["no tasks"] : tasks)
          + ["\(Wording.count(now.scheduledRefreshes, "refresh", plural: "refreshes")) scheduled"]
      },
      row("concurrency") { now, last in
        [
          "\(Wording.count(now.offMainPublishedChanges, "published change")) off main"
            + delta(now, last, \.state.offMainPublishedChanges),
          "\(Wording.count(now.writesLostAtSuspension, "write")) lost at suspension"
            + delta(now, last, \.state.writesLostAtSuspension),
        ]
      },
      row("main queue", observable: false) { now, last in
        [
          "\(Wording.count(now.blockingIOOnMainQueue, "blocking file operation"))"
            + delta(now, last, \.blockingIOOnMainQueue)
        ]
      },
    ]
  }

  private func render(_ row: Row, variants: [String]) -> [String] {
    guard let first = row.values.first else { return [] }
    if row.values.allSatisfy({ $0 == first }) {
      let tag = variants.count == 1 ? variants[0] : "both"
      return lines(label: row.label, marker: " ", tag: tag, dimsTag: true, first)
    }
    // The variants differ here: one line each, marked where the eye lands first. `≠` in red
    // where they must not differ; `Δ` in yellow on a diagnostic, where the migration means
    // them to differ (the main queue), so that no row says "≠" beside "same behaviour".
    let marker = row.isObservable ? style.red("≠") : style.yellow("Δ")
    return zip(variants, row.values).enumerated().flatMap { index, pair in
      lines(
        label: index == 0 ? row.label : "", marker: index == 0 ? marker : " ", tag: pair.0,
        dimsTag: false, pair.1)
    }
  }

  /// The lines of one variant's value (or of the value all share): the label, a one-character
  /// marker (already styled), the variant's tag, then the value, wrapped under itself.
  private func lines(
    label: String, marker: String, tag: String, dimsTag: Bool, _ items: [String]
  ) -> [String] {
    let valueColumn = 2 + Self.labelWidth + 2 + Self.tagWidth + 1
    let room = width - valueColumn
    // Broken between items; an item longer than the column alone is broken between its words.
    let values = WordWrap.lines(items: items, separator: ", ", width: room).flatMap {
      TextLayout.words($0, width: room)
    }
    // Pad before styling: escape codes have no width on screen, but count as characters.
    let paddedTag = TextLayout.pad(tag, to: Self.tagWidth)
    let prefix =
      "  " + TextLayout.pad(label, to: Self.labelWidth) + marker + " "
      + (dimsTag ? style.dim(paddedTag) : paddedTag) + " "
    let indent = String(repeating: " ", count: valueColumn)
    return values.enumerated().map { index, value in (index == 0 ? prefix : indent) + value }
  }

  /// Whether two variants agree at this step: on what they must agree on (red when not), and
  /// on the main queue diagnostic, where the migration is meant to make a difference.
  private func divergence(_ observations: [StepObservation], variants: [String]) -> [String] {
    guard observations.count == 2 else { return [] }
    let (first, second) = (observations[0], observations[1])
    let differences = first.differences(from: second)
    if !differences.isEmpty {
      let text = "the variants diverge: " + differences.joined(separator: ", ")
      return TextLayout.hanging("  ≠ ", text, width: width).map(style.red)
    }
    if first.blockingIOOnMainQueue != second.blockingIOOnMainQueue {
      let counts = zip(variants, [first, second].map(\.blockingIOOnMainQueue))
        .map { "\($0) \($1)" }.joined(separator: ", ")
      let text =
        "= same observable behaviour; Δ blocking file operations on the main queue: \(counts) "
        + "(the migration moves file I/O off the main queue)"
      return TextLayout.hanging("  ", text, width: width).map(style.dim)
    }
    return [style.dim("  = same behaviour")]
  }

  // MARK: Formatting values

  private static func drinks(_ drinks: [DrinkSummary], none: String) -> [String] {
    drinks.isEmpty ? [none] : drinks.map(\.description)
  }

  private static func describe(_ task: Snapshot.BackgroundTaskRecord) -> String {
    let result = task.success.map { $0 ? "success" : "failure" } ?? "no answer"
    return switch task.completions {
    case 0: "task \(task.id) not completed"
    case 1: "task \(task.id) completed, \(result)"
    default: "task \(task.id) completed \(task.completions) times, \(result)"
    }
  }

  /// " (+2)" when the counter grew since the previous step; nothing otherwise.
  private static func delta(
    _ now: StepObservation, _ last: StepObservation?, _ counter: KeyPath<StepObservation, Int>
  ) -> String {
    guard let last, now[keyPath: counter] > last[keyPath: counter] else { return "" }
    return " (+\(now[keyPath: counter] - last[keyPath: counter]))"
  }

  /// "14:35", in UTC like the platform's calendar.
  static func time(_ date: Date) -> String {
    let minutes = Int(date.timeIntervalSince1970 / 60)
    return String(format: "%02d:%02d", minutes / 60 % 24, minutes % 60)
  }

  /// "2026-11-22", in UTC.
  static func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
  }
}

extension Variant {
  /// How the variant is written, in a phrase.
  var approach: String {
    switch name {
    case "before": "Dispatch queues, completion handlers, didSet"
    case "after": "actors, async/await, @MainActor"
    default: "a work in progress"
    }
  }
}
