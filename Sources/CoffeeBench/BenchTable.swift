import CommandLineSupport
import Foundation

/// The run as the table `make bench` prints.
enum BenchTable {
  /// The table for a terminal of `width` columns (the terminal's, or `COLUMNS`): each figure's
  /// name on a line, its values on the next, so that a row fits 80 columns and a projector.
  static func text(_ results: BenchResults, width: Int = TerminalWidth.standardOutput) -> String {
    var lines: [String] = []
    // Each section ends with how to read it: the table is projected and read by people who
    // have not read the README.
    func explain(_ paragraphs: [String]) {
      for paragraph in paragraphs {
        lines += WordWrap.lines(paragraph, width: width - 2, laterWidth: width - 4).enumerated()
          .map { ($0 == 0 ? "  " : "    ") + $1 }
      }
    }
    lines += WordWrap.lines(
      "coffee-bench: \(results.build) build, simulated disk write latency "
        + "\(DurationText.text(results.diskLatencySeconds)), complications on the face: "
        + "\(results.complications), \(results.repeats) rounds per variant and drink count, rounds "
        + "alternating; ratio = before ÷ after, measured in this run", width: width)
    lines.append("")
    lines.append("Main queue blocked (p50 / p99)")
    for row in results.mainQueue {
      let figures: [(String, BenchResults.Comparison)] = [
        ("per user action (addDrink)", row.userAction),
        ("file I/O per background refresh", row.refreshFileIO),
        ("worst 1 ms-probe delay, whole run", row.probeWorstDelay),
      ]
      for (name, figure) in figures {
        lines.append("  \(row.drinks) drinks · \(name)")
        lines += WordWrap.fit(
          "      before \(pair(figure.before)) · after \(pair(figure.after)) · ratio "
            + Ratio.text(before: figure.before.p50, after: figure.after.p50) + " / "
            + Ratio.text(before: figure.before.p99, after: figure.after.p99), width: width)
      }
    }
    explain(mainQueueReading(results))
    lines.append("")
    lines.append("What a hop costs (each figure: a loop of hops ÷ the hops made)")
    let dispatchHop = results.hops.first?.nanoseconds ?? 0
    for hop in results.hops {
      lines += WordWrap.fit("  " + hop.name, width: width)
      lines += WordWrap.fit(
        "      " + String(format: "%.0f ns", hop.nanoseconds) + " · used by \(hop.usedBy) · "
          + String(format: "%.2f× the Dispatch round trip", hop.nanoseconds / max(dispatchHop, 1)),
        width: width)
    }
    explain([
      "Lower is cheaper. \"0.01× the Dispatch round trip\" means a hundredth of its cost. "
        + "A figure is per hop, not per user action: an action makes a handful."
    ])
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
      lines += WordWrap.fit(title, width: width)
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
    explain(detectionReading(results))
    lines.append("")
    lines.append(String(format: "measured in %.0f s", results.seconds))
    return lines.joined(separator: "\n")
  }

  /// How to read the main-queue figures, with what this run shows.
  static func mainQueueReading(_ results: BenchResults) -> [String] {
    var paragraphs = [
      "How to read it: ratio = before ÷ after, so higher means the after variant blocks the "
        + "main queue less; 1.0× means no difference."
    ]
    let comparisons = results.mainQueue.flatMap {
      [$0.userAction, $0.refreshFileIO, $0.probeWorstDelay]
    }
    if results.mainQueue.contains(where: { $0.refreshFileIO.ratioP50 == nil }) {
      paragraphs.append(
        "\"after: none\" (file I/O per background refresh): the after variant spent no time at "
          + "all writing the file on the main queue (it writes on its store actor), so there is "
          + "nothing to divide by: the whole before figure is what the migration removed.")
    }
    let ratios = comparisons.flatMap { [$0.ratioP50, $0.ratioP99] }.compactMap { $0 }
    if ratios.contains(where: { $0 < 1 }) {
      var text =
        "A ratio below 1.0× means the after variant measured more than the before variant on "
        + "that figure in this run."
      let probeRatios = results.mainQueue.flatMap {
        [$0.probeWorstDelay.ratioP50, $0.probeWorstDelay.ratioP99]
      }
      if probeRatios.contains(where: { ($0 ?? 1) < 1 }) {
        text +=
          " In the worst probe delay it shows where the two do the same work on the main queue: "
          + "with many drinks both spend their worst moment computing the complication's "
          + "timeline there, as ClockKit asks, and noise puts the ratio on either side of 1 "
          + "(--complications 0 takes that work away)."
      }
      paragraphs.append(text)
    }
    return paragraphs
  }

  /// How to read the detection power, with what this run shows.
  static func detectionReading(_ results: BenchResults) -> [String] {
    var paragraphs = [
      "How to read it: the share of the before variant's iterations in which each race was "
        + "found (higher means the stress finds it more easily), and when it was first found. "
        + "The after variant must show no finding at all."
    ]
    if results.detection.contains(where: { $0.pctLowerBound != nil }) {
      paragraphs.append(
        "PCT bound: what probabilistic concurrency testing guarantees per iteration for any bug "
          + "of depth d among n threads and k steps, 1/(n·k^(d−1)), with this run's largest n "
          + "and k. It is a floor, not an estimate: measured rates far above it are expected.")
    }
    return paragraphs
  }

  private static func pair(_ percentiles: BenchResults.Percentiles) -> String {
    "\(DurationText.text(percentiles.p50)) / \(DurationText.text(percentiles.p99))"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width
      ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
