import Foundation

/// The run as the table `make bench` prints.
enum BenchTable {
  static func text(_ results: BenchResults) -> String {
    var lines: [String] = []
    lines.append(
      "coffee-bench: \(results.build) build, simulated disk write latency "
        + "\(DurationText.text(results.diskLatencySeconds)), complications on the face: \(results.complications), "
        + "\(results.repeats) rounds per variant and drink count, rounds alternating; "
        + "ratio = before ÷ after, measured in this run")
    lines.append("")
    lines.append("Main queue blocked (p50 / p99)")
    let header =
      pad("drinks", 8) + pad("figure", 34) + pad("before", 22) + pad("after", 22)
      + "ratio p50 / p99"
    lines.append(header)
    for row in results.mainQueue {
      let figures: [(String, BenchResults.Comparison)] = [
        ("per user action (addDrink)", row.userAction),
        ("file I/O per background refresh", row.refreshFileIO),
        ("worst 1 ms-probe delay, whole run", row.probeWorstDelay),
      ]
      for (index, (name, figure)) in figures.enumerated() {
        lines.append(
          pad(index == 0 ? "\(row.drinks)" : "", 8) + pad(name, 34)
            + pad(pair(figure.before), 22) + pad(pair(figure.after), 22)
            + Ratio.text(before: figure.before.p50, after: figure.after.p50) + " / "
            + Ratio.text(before: figure.before.p99, after: figure.after.p99))
      }
    }
    lines.append("")
    lines.append("What a hop costs (each figure: a loop of hops ÷ the hops made)")
    let dispatchHop = results.hops.first?.nanoseconds ?? 0
    for hop in results.hops {
      lines.append(
        "  " + pad(hop.name, 50) + pad(String(format: "%8.0f ns", hop.nanoseconds), 12)
          + pad(hop.usedBy, 28)
          + String(format: "%.2f× the Dispatch round trip", hop.nanoseconds / max(dispatchHop, 1)))
    }
    lines.append("")
    lines.append("Detection power of the stress on the before variant (claimed entries)")
    for run in results.detection {
      var title =
        "  scheduler \(run.scheduler), \(run.iterations) iterations of "
        + "\(run.actionsPerIteration) actions; after variant: "
        + "\(run.afterFindings) findings"
      if let bound = run.pctLowerBound, let n = run.pctThreads, let k = run.pctSteps {
        title += String(format: "; PCT bound %.3f%% (n = %d, k = %d)", 100 * bound, n, k)
      }
      lines.append(title)
      for detection in run.detections {
        let first =
          detection.firstIteration.map { iteration in
            "first at iteration \(iteration), "
              + DurationText.text(detection.firstSeconds ?? 0)
          } ?? "never"
        lines.append(
          "    " + pad(detection.entry, 32) + String(format: "%6.1f%%   ", 100 * detection.rate)
            + first)
      }
    }
    lines.append("")
    lines.append(String(format: "measured in %.0f s", results.seconds))
    return lines.joined(separator: "\n")
  }

  private static func pair(_ percentiles: BenchResults.Percentiles) -> String {
    "\(DurationText.text(percentiles.p50)) / \(DurationText.text(percentiles.p99))"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width
      ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
