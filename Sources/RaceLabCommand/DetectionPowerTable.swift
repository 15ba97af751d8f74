import Foundation
import RaceLab

/// Per catalog entry the stress claims: the share of iterations that found it, beside PCT's
/// lower bound 1/(n·k^(d−1)) for the run's largest n and k. A figure, not a verdict: the
/// report's verdict is that each claimed entry is found at all.
struct DetectionPowerTable {
  /// The share of iterations the issue asks every stress-claimed entry to reach.
  static let goal = 0.2

  let report: Stress.Report

  var text: String {
    let iterations = max(1, report.iterations)
    var lines = [
      "  detection power on \(report.variant), scheduler \(report.scheduler), \(report.iterations) "
        + "iterations of \(report.actionsPerIteration) actions:",
      "    "
        + "entry".padding(toLength: 32, withPad: " ", startingAt: 0)
        + "measured   PCT bound  goal",
    ]
    for entry in RaceCatalog.entries where entry.detectors.contains(.stress) {
      let rate = Double(report.detections(of: entry.id)) / Double(iterations)
      let bound = report.pctLowerBound.map { String(format: "%8.3f%%", 100 * $0) } ?? "       -"
      lines.append(
        "    " + entry.id.padding(toLength: 32, withPad: " ", startingAt: 0)
          + String(format: "%7.1f%%  ", 100 * rate) + bound
          + (rate >= Self.goal ? "  ≥ 20%" : "  below 20%"))
    }
    if let measure = report.pctMeasure {
      lines.append(
        "    (n = \(measure.threads) threads, k = \(measure.steps) steps at most per iteration, "
          + "d = \(measure.depth))")
    }
    return lines.joined(separator: "\n")
  }
}
