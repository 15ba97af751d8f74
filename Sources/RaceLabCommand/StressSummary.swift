import CommandLineSupport
import Foundation
import RaceLab

/// A stress report as text: per invariant and per catalog entry, how often it broke and how
/// soon; then the seeds of the findings, and what a seed can promise.
struct StressSummary {
  let report: Stress.Report
  /// The columns each line is fitted to: the terminal's, or `COLUMNS`.
  var width = TerminalWidth.standardOutput

  /// What `race-lab stress` needs besides the seed to run an iteration the same way again.
  private var schedulerFlags: String {
    let actions =
      report.actionsPerIteration == Stress.Configuration().actionsPerIteration
      ? "" : " --actions \(report.actionsPerIteration)"
    switch report.scheduler {
    case .random: return actions
    case .pct(let depth, let steps):
      return actions + " --scheduler pct --depth \(depth) --steps \(steps)"
    }
  }

  var text: String {
    var lines: [String] = []
    let rate = { (count: Int) in
      String(format: "%5.1f%%", 100 * Double(count) / Double(max(1, report.iterations)))
    }
    lines.append(
      "  \(report.variant): \(report.iterations) iterations in \(String(format: "%.1f", report.elapsed)) s"
        + (report.stoppedAtTimeBudget ? " (stopped at the time budget)" : "")
        + ", \(report.findings.count) findings, scheduler \(report.scheduler)")
    if let measure = report.pctMeasure, let bound = report.pctLowerBound {
      lines.append(
        "    PCT: at most n = \(measure.threads) threads and k = \(measure.steps) steps per iteration, "
          + "d = \(measure.depth): lower bound 1/(n·k^(d−1)) = \(String(format: "%.3f%%", 100 * bound)) per iteration; "
          + "\(measure.safetyNetReleases) waits ended at the safety net")
    }
    for invariant in Stress.Invariant.allCases {
      let count = Set(report.findings.filter { $0.invariant == invariant }.map(\.seed)).count
      guard count > 0 else { continue }
      lines.append(
        "    \(invariant.rawValue.padding(toLength: 36, withPad: " ", startingAt: 0)) \(count) iterations (\(rate(count)))"
      )
    }
    for entry in RaceCatalog.entries {
      let count = report.detections(of: entry.id)
      guard count > 0 else { continue }
      let first =
        report.firstDetection[entry.id].map {
          "first at iteration \($0.iteration), \(String(format: "%.2f", $0.seconds)) s"
        } ?? ""
      let bound =
        report.pctLowerBound.map {
          String(format: ", PCT bound %.3f%%", 100 * $0)
        } ?? ""
      lines.append(
        "      → \(entry.id.padding(toLength: 32, withPad: " ", startingAt: 0)) \(count) iterations (\(rate(count))), \(first)\(bound)"
      )
    }
    let untied = report.findings.filter { $0.entryID == nil }
    if !untied.isEmpty {
      lines.append("    findings no platform record ties to a catalog entry: \(untied.count)")
    }
    for finding in report.findings.prefix(8) {
      lines.append("    --seed \(finding.seed) --iterations 1\(schedulerFlags): \(finding)")
    }
    if report.findings.count > 8 { lines.append("    ... and \(report.findings.count - 8) more") }
    if !report.findings.isEmpty { lines.append("    seeds: \(Stress.replayCaveat)") }
    return lines.flatMap { WordWrap.fit($0, width: width) }.joined(separator: "\n")
  }
}
