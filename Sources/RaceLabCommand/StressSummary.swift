import Foundation
import RaceLab

/// A stress report as text: per catalog entry, how often it was detected and how soon; then the
/// seeds that replay the findings.
struct StressSummary {
  let report: Stress.Report

  var text: String {
    var lines: [String] = []
    let rate = { (count: Int) in
      String(format: "%5.1f%%", 100 * Double(count) / Double(max(1, report.iterations)))
    }
    lines.append(
      "  \(report.variant): \(report.iterations) iterations in \(String(format: "%.1f", report.elapsed)) s"
        + (report.stoppedAtTimeBudget ? " (stopped at the time budget)" : "")
        + ", \(report.findings.count) findings")
    for entry in RaceCatalog.entries {
      let count = report.detections(of: entry.id)
      guard count > 0 else { continue }
      let first =
        report.firstDetection[entry.id].map {
          "first at iteration \($0.iteration), \(String(format: "%.2f", $0.seconds)) s"
        } ?? ""
      lines.append(
        "    \(entry.id.padding(toLength: 32, withPad: " ", startingAt: 0)) \(count) iterations (\(rate(count))), \(first)"
      )
    }
    let unexplained = report.findings.filter { $0.entryID == nil }
    if !unexplained.isEmpty {
      lines.append("    unexplained findings: \(unexplained.count)")
    }
    for finding in report.findings.prefix(8) {
      lines.append("    replay with --seed \(finding.seed) --iterations 1: \(finding)")
    }
    if report.findings.count > 8 { lines.append("    ... and \(report.findings.count - 8) more") }
    return lines.joined(separator: "\n")
  }
}
