import CoffeeScenarios
import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform

/// The lab book: a static, offline, self-contained HTML site an instructor can open from a USB
/// stick. An index; a page per race with its before and after lanes from real runs; a page per
/// scenario; a page per exercise from its README. No script, no network, no file outside it.
@MainActor
public enum LabBook {
  /// Writes the book into `folder` (created if needed), reading sources and READMEs under
  /// `root`, and returns the names of the pages written.
  public static func write(to folder: URL, root: String) async throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var pages: [String: String] = [:]
    let exercises = try ExerciseIndex.load(root: root)

    var raceLinks: [String] = []
    for entry in RaceCatalog.entries {
      let (before, after) = try await traces(of: entry)
      pages["race-\(entry.id).html"] = racePage(
        entry, before: before, after: after, root: root, exercises: exercises)
      raceLinks.append(
        "<li><a href=\"race-\(entry.id).html\">\(HTML.escape(entry.title))</a> "
          + "<span class=\"dim\">\(entry.id)</span></li>")
    }
    var scenarioLinks: [String] = []
    for scenario in Scenario.all {
      pages["scenario-\(scenario.id).html"] = scenarioPage(scenario)
      scenarioLinks.append(
        "<li><a href=\"scenario-\(scenario.id).html\">\(scenario.id)</a>: "
          + "\(HTML.escape(scenario.summary))</li>")
    }
    var exerciseLinks: [String] = []
    for exercise in exercises.all {
      pages["exercise-\(exercise.id).html"] = exercisePage(
        exercise, root: root, neighbours: exercises.neighbours(of: exercise.id))
      exerciseLinks.append(
        "<li><a href=\"exercise-\(exercise.id).html\">\(exercise.id)</a>: "
          + "\(HTML.escape(exercise.title))</li>")
    }
    pages["index.html"] = HTML.page(
      title: "The lab book",
      body: """
        <h1>The lab book</h1>
        <p>Apple's Coffee Tracker before its migration to Swift concurrency (Dispatch queues,
        completion handlers, <code>didSet</code>) and after it (actors, async/await,
        <code>@MainActor</code>). Every lane diagram here was drawn from a real run of the lab:
        one lane per queue, actor or task, the events in the order they happened, racing steps
        in red, arrows where one lane handed work to another.</p>
        \(diagramKey)
        <h2>Races</h2><ul>\(raceLinks.joined(separator: "\n"))</ul>
        <h2>Scenarios</h2><ul>\(scenarioLinks.joined(separator: "\n"))</ul>
        <h2>Exercises</h2><ul>\(exerciseLinks.joined(separator: "\n"))</ul>
        """)
    for (name, html) in pages {
      try Data(html.utf8).write(to: folder.appendingPathComponent(name), options: [.atomic])
    }
    return pages.keys.sorted()
  }

  /// The before and after traces of `entry`: its replay where it has one, else the day of
  /// coffee, where the race's accesses happen without being forced.
  static func traces(of entry: RaceEntry) async throws -> (Trace, Trace) {
    var traces: [Trace] = []
    for before in [true, false] {
      let collector = TraceCollector()
      if entry.detectors.contains(.replay) {
        _ = try await collector.collecting { try await Replay.run(entry, before: before) }
      } else {
        let scenario = Scenario.named("day-of-coffee") ?? Scenario.all[0]
        _ = try await collector.collecting {
          try await ScenarioRunner.run(scenario, on: before ? .before : .after)
        }
      }
      traces.append(collector.traces.last ?? Trace(events: [], links: []))
    }
    return (traces[0], traces[1])
  }

  static func racePage(
    _ entry: RaceEntry, before: Trace, after: Trace, root: String, exercises: ExerciseIndex
  ) -> String {
    func figure(_ trace: Trace, side: String) -> String {
      var diagram = LaneDiagram(
        trace: trace, title: "\(entry.id), \(side): what ran where",
        isRacing: entry.isRacingAccess)
      // The after variant makes the same accesses, in an order: say so, not "race".
      if side == "after" { diagram.marking = .safe(reason: entry.safeHereReason) }
      let racing = diagram.shownEvents.filter(diagram.isRacing)
      let list = racing.map {
        "<li>#\($0.order) <strong>\(HTML.escape($0.lane.description))</strong>: "
          + "\(HTML.escape($0.label))</li>"
      }
      let heading =
        side == "before"
        ? "Racing steps, in order:"
        : "The same steps, safe here (\(HTML.escape(entry.safeHereReason))):"
      return """
        <figure><figcaption>\(side == "before" ? "Before" : "After")</figcaption>
        \(LaneSVG(diagram: diagram, side: side).render())
        </figure>
        \(list.isEmpty ? "" : "<p>\(heading)</p><ol class=\"racing \(side)\">\(list.joined())</ol>")
        """
    }
    let lesson = entry.lesson
    func code(_ line: RaceLesson.CodeLine) -> String {
      guard let excerpt = CodeExcerpt.find(line.needle, in: line.file, root: root) else {
        return "<p class=\"dim\">(the racing line was not found)</p>"
      }
      let lines = excerpt.lines.enumerated().map { index, text in
        let numbered = "\(String(excerpt.firstLine + index).leftPadded(4))  \(HTML.escape(text))"
        return index == excerpt.highlighted ? "<span class=\"hit\">\(numbered)</span>" : numbered
      }
      return
        "<p><code>\(HTML.escape(excerpt.file))</code></p><pre class=\"excerpt\">"
        + "\(lines.joined(separator: "\n"))</pre>"
    }
    let exercise = exercises.exercise(lesson.exerciseID)
    let exerciseLink =
      exercise.map {
        "<p>The exercise that fixes it: <a href=\"exercise-\($0.id).html\">\($0.id): "
          + "\(HTML.escape($0.title))</a>.</p>"
      } ?? ""
    let source =
      entry.detectors.contains(.replay)
      ? "Both diagrams come from the deterministic replay (<code>race-lab replay \(entry.id) --lanes</code>): the same forced schedule on both variants."
      : "This race has no forced replay: both diagrams come from the day-of-coffee scenario, where its accesses happen unforced."
    // Exploration beside the forced replay: the schedule the deterministic scheduler found it in.
    let explored =
      entry.explored.map {
        "<p>Explored, not sampled: <code>race-lab explore \(entry.id)</code> tries every order of "
          + "the behaviour suite's scenarios within two deviations from the default order and "
          + "finds it; the schedule that shows it"
          + ($0.showsSymptom
            ? "" : " (as two accesses nothing orders; no scenario checks a symptom of it)")
          + ": <code>\(HTML.escape($0.command.replacingOccurrences(of: "swift run ", with: "")))</code>.</p>"
      } ?? ""
    return HTML.page(
      title: entry.title,
      body: """
        <h1>\(HTML.escape(entry.title))</h1>
        <p class="dim">\(entry.id) · \(HTML.escape(entry.location)) · caught by \
        \(entry.detectors.sorted().map(\.rawValue).joined(separator: ", "))</p>
        <h2>What goes wrong</h2>
        <p>\(Markdown.inline(entry.interleaving))</p>
        \(symptom(of: entry))
        <p class="fixed">After: \(Markdown.inline(entry.afterFix))</p>
        <p class="dim">In the talk: \(Markdown.inline(entry.talkPassage))</p>
        \(explored)
        <h2>Lanes</h2>
        <p>\(source)</p>
        \(diagramKey)
        \(figure(before, side: "before"))
        \(figure(after, side: "after"))
        <h2>The racing lines</h2>
        <h3>Before</h3>\(code(lesson.before))
        <h3>After</h3><div class="after-code">\(code(lesson.after))</div>
        \(exerciseLink)
        """)
  }

  /// How to read a lane diagram, above the diagrams of a race page and on the index.
  static let diagramKey = """
    <div class="key"><strong>Reading the diagrams.</strong> Each numbered column is a lane: a
    queue, an actor or a task, named at the top of the drawing. Each row is one event, numbered
    in the order it happened (missing numbers are routine log lines). A dot sits on the lane the
    event ran on. <span class="race-word">Red rows, marked race</span>, are the racing accesses
    of the before variant: their order decides whether the symptom appears.
    <span class="safe-word">Green rows, marked safe here</span>, are the same accesses in the
    after variant, with what orders them. <code>← #9</code> and the dashed arrows mean that
    event 9, on another lane, led to this one: a call and its callback, a task's hop, a reload
    and its fetch.</div>
    """

  /// The symptom in plain words, and below it, smaller, what it says about ThreadSanitizer.
  static func symptom(of entry: RaceEntry) -> String {
    let detail = entry.symptomToolDetail
    return "<p class=\"symptom\">\(Markdown.inline(entry.plainSymptom))</p>"
      + (detail.isEmpty ? "" : "<p class=\"tool-detail\">\(Markdown.inline(detail))</p>")
  }

  static func scenarioPage(_ scenario: Scenario) -> String {
    let steps = scenario.steps.map { "<li>\(HTML.escape($0.description))</li>" }
    let expectations = scenario.allExpectations.map { "<li>\(HTML.escape($0.summary))</li>" }
    return HTML.page(
      title: scenario.id,
      body: """
        <h1>Scenario \(scenario.id)</h1>
        <p>\(HTML.escape(scenario.summary))</p>
        <p>Play it: <code>swift run coffee-demo --scenario \(scenario.id) --lanes</code></p>
        <h2>Steps</h2><ol>\(steps.joined(separator: "\n"))</ol>
        <h2>Expectations</h2><ul>\(expectations.joined(separator: "\n"))</ul>
        """)
  }

  static func exercisePage(
    _ exercise: ExerciseIndex.Exercise, root: String,
    neighbours: (previous: ExerciseIndex.Exercise?, next: ExerciseIndex.Exercise?)
  ) -> String {
    let readme = try? String(
      contentsOfFile: "\(root)/Exercises/\(exercise.id)/README.md", encoding: .utf8)
    // The same links above and below: a reader at the end of a long README goes on from there.
    func link(_ neighbour: ExerciseIndex.Exercise?, rel: String, arrow: String) -> String {
      guard let neighbour else { return "<span></span>" }
      let text = HTML.escape("\(neighbour.id): \(neighbour.title)")
      return "<a rel=\"\(rel)\" href=\"exercise-\(neighbour.id).html\">"
        + (rel == "prev" ? "\(arrow) \(text)" : "\(text) \(arrow)") + "</a>"
    }
    let pager = """
      <p class="pager">\(link(neighbours.previous, rel: "prev", arrow: "←"))\
      <a href="index.html">all exercises</a>\(link(neighbours.next, rel: "next", arrow: "→"))</p>
      """
    return HTML.page(
      title: exercise.title,
      body: """
        \(pager)
        <h1>\(exercise.id): \(HTML.escape(exercise.title))</h1>
        <p>Check it: <code>swift run lab check \(exercise.id)</code></p>
        \(readme.map(Markdown.html) ?? "<p class=\"dim\">(no README)</p>")
        \(pager)
        """)
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
