import LabTrace
import RaceLab
import SimulatedPlatform

/// One side of a replay with the trace of its run.
struct TracedRun {
  let entry: RaceEntry
  let result: ReplayResult
  let trace: Trace

  /// The run as a lane diagram, with a blank line before it and the outcome after.
  func lanes(style: TerminalStyle) -> String {
    let entryID = entry.id
    let diagram = LaneDiagram(
      trace: trace, title: "\(entry.id), \(result.side): what ran where",
      isRacing: { RacingAccesses.isRacing($0, entry: entryID) })
    var lines = [""] + diagram.render(style: style)
    let outcome =
      result.symptomShown
      ? style.red("symptom: ") + entry.symptom + " (" + result.detail + ")"
      : "no symptom: " + result.detail
    lines.append("  " + outcome)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The run named for a trace file.
  var named: ChromeTrace.Run {
    ChromeTrace.Run(name: "\(entry.id) (\(result.side))", trace: trace)
  }
}
