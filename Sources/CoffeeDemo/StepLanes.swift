import CoffeeScenarios
import CommandLineSupport
import LabTrace
import SimulatedPlatform

/// `coffee-demo --lanes`: each step of a scenario as lanes, one diagram per variant, cut from
/// the trace of the variant's run where the step's snapshot was taken.
struct StepLanes {
  let play: ScenarioPlay
  /// One trace per variant run, in the order the runs were played: each run makes one platform.
  let traces: [Trace]
  let style: TerminalStyle

  /// The diagrams of step `index` (0 is the launch), one per variant that got that far.
  func diagrams(ofStep index: Int) -> [String] {
    var lines: [String] = []
    for (run, trace) in zip(play.runs, traces) where index < run.records.count {
      let start = index == 0 ? 0 : run.records[index - 1].snapshot.eventCount
      let end = run.records[index].snapshot.eventCount
      let title = "  \(run.variant.name), step \(index): what ran where"
      var diagram = LaneDiagram(trace: Self.slice(trace, events: start..<end), title: title)
      diagram.width = 78  // indented by two
      lines += diagram.render(style: style).map { "  " + $0 } + [""]
    }
    return lines
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
