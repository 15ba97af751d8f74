import CommandLineSupport
import LabTrace
import RaceLab
import SimulatedPlatform

/// One side of a run drawn for a catalog entry, with its trace: a replay's, or, for an entry
/// with no forced replay, a scenario's.
struct TracedRun {
  let entry: RaceEntry
  /// "before" or "after".
  let side: String
  /// Whether the replay showed the symptom; nil for a scenario run, which does not judge.
  let symptomShown: Bool?
  /// What the run showed, in a sentence.
  let detail: String
  let trace: Trace

  init(entry: RaceEntry, result: ReplayResult, trace: Trace) {
    self.entry = entry
    self.side = result.side
    self.symptomShown = result.symptomShown
    self.detail = result.detail
    self.trace = trace
  }

  init(entry: RaceEntry, side: String, detail: String, trace: Trace) {
    self.entry = entry
    self.side = side
    self.symptomShown = nil
    self.detail = detail
    self.trace = trace
  }

  /// The run as a lane diagram fitted to `width` columns, with a blank line before it and the
  /// outcome after.
  func lanes(style: TerminalStyle, width: Int = 80) -> String {
    var diagram = LaneDiagram(
      trace: trace, title: "\(entry.id), \(side): what ran where",
      isRacing: entry.isRacingAccess)
    diagram.showsKey = true
    diagram.width = width
    // A replay runs on real threads: what its schedule leaves unordered must not move.
    diagram.ordersStably = true
    // The after variant makes the same accesses; they are ordered there, not racing.
    if side == "after" { diagram.marking = .safe(reason: entry.safeHereReason) }
    var lines = [""] + diagram.render(style: style)
    let outcome: String
    switch symptomShown {
    case true?: outcome = "symptom: " + entry.plainSymptom + " (" + detail + ")"
    case false?: outcome = "no symptom: " + detail
    case nil: outcome = detail
    }
    // The symptom in plain words stands out; what ThreadSanitizer sees of it follows, dimmed.
    let wrapped = WordWrap.lines(outcome, width: width - 2, laterWidth: width - 4)
    let paint = symptomShown == true ? style.alarm : { $0 }
    lines.append("  " + paint(wrapped[0]))
    lines += wrapped.dropFirst().map { "    " + paint($0) }
    if symptomShown == true && !entry.symptomToolDetail.isEmpty {
      lines += WordWrap.lines(entry.symptomToolDetail, width: width - 4).map {
        "    " + style.dim($0)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The run named for a trace file.
  var named: ChromeTrace.Run {
    ChromeTrace.Run(name: "\(entry.id) (\(side))", trace: trace)
  }
}
