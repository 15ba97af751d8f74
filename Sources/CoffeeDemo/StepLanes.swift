import CoffeeScenarios
import CommandLineSupport
import LabTrace
import SimulatedPlatform

/// `coffee-demo --lanes`: each step of a scenario as lanes, one diagram per variant, cut from
/// the trace of the variant's run where the step's snapshot was taken. The variants' diagrams
/// stand side by side when `width` holds two of them, else one after the other.
struct StepLanes {
  let play: ScenarioPlay
  /// One trace per variant run, in the order the runs were played: each run makes one platform.
  let traces: [Trace]
  let style: TerminalStyle
  /// The columns to fit.
  var width = 80

  /// The narrowest a diagram gets beside another: below it, labels lose too much.
  static let narrowestColumn = 72
  /// The space between two diagrams side by side.
  static let gutter = "   "
  /// The width from which the diagrams stand side by side.
  static var sideBySideWidth: Int { 2 + 2 * narrowestColumn + gutter.count }

  /// Whether the diagrams of the variants stand side by side.
  var isSideBySide: Bool { play.runs.count == 2 && width >= Self.sideBySideWidth }

  /// How the diagrams are laid out, in a sentence for the first diagram shown.
  var layoutNote: String {
    guard play.runs.count == 2 else { return "  Lanes of \(play.runs[0].variant.name) alone." }
    return isSideBySide
      ? "  Lanes: \(play.runs[0].variant.name) on the left, \(play.runs[1].variant.name) on the right."
      : "  Lanes: \(play.runs[0].variant.name), then \(play.runs[1].variant.name), one after the "
        + "other (side by side from \(Self.sideBySideWidth) columns: --width)."
  }

  /// The diagrams of step `index` (0 is the launch), one per variant that got that far; with
  /// their key when `showsKey`.
  func diagrams(ofStep index: Int, showsKey: Bool = false) -> [String] {
    let columnWidth = isSideBySide ? (width - 2 - Self.gutter.count) / 2 : min(width - 2, 78)
    var columns: [[String]] = []
    for (run, trace) in zip(play.runs, traces) where index < run.records.count {
      let start = index == 0 ? 0 : run.records[index - 1].snapshot.eventCount
      let end = run.records[index].snapshot.eventCount
      let title = "\(run.variant.name), step \(index): what ran where"
      var diagram = LaneDiagram(trace: Self.slice(trace, events: start..<end), title: title)
      diagram.width = columnWidth
      diagram.showsKey = showsKey
      columns.append(diagram.render(style: style))
    }
    guard isSideBySide, columns.count == 2 else {
      return columns.flatMap { $0.map { "  " + $0 } + [""] }
    }
    let (left, right) = (columns[0], columns[1])
    return (0..<max(left.count, right.count)).map { row in
      let leftLine = row < left.count ? left[row] : ""
      let rightLine = row < right.count ? right[row] : ""
      let padding = String(repeating: " ", count: max(0, columnWidth - Self.visibleCount(leftLine)))
      return "  " + leftLine + padding + Self.gutter + rightLine
    } + [""]
  }

  /// The characters of `line` a terminal shows: its colour codes take no room.
  static func visibleCount(_ line: String) -> Int {
    line.replacing(#/\u{1B}\[[0-9;]*m/#, with: "").count
  }

  /// The part of `trace` between the platform events numbered `events`: those events and the
  /// trace's own marks among them.
  static func slice(_ trace: Trace, events: Range<Int>) -> Trace {
    var first: Int?
    var last: Int?
    for event in trace.events {
      guard let sequence = event.platformEvent?.sequence else { continue }
      if sequence >= events.lowerBound && first == nil { first = event.order }
      if sequence < events.upperBound { last = event.order }
    }
    guard let first, let last, first <= last else { return Trace(events: [], links: []) }
    let kept = trace.events.filter { (first...last).contains($0.order) }
    return Trace(
      events: kept,
      links: trace.links.filter {
        (first...last).contains($0.from) && (first...last).contains($0.to)
      })
  }
}
