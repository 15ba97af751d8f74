import Foundation

/// The main-queue ratios as an SVG bar chart: one group per drink count, one bar per figure,
/// height on a log scale of before ÷ after (p50). A figure whose after side measured nothing
/// has no ratio and no bar; the table says why.
enum BenchChart {
  static func svg(_ results: BenchResults) -> String {
    let width = 720.0
    let height = 360.0
    let left = 60.0
    let bottom = 300.0
    let top = 40.0
    // The log scale runs from 0.1× to 10,000×.
    let lowest = -1.0
    let highest = 4.0
    func y(_ ratio: Double) -> Double {
      let clamped = min(max(log10(ratio), lowest), highest)
      return bottom - (clamped - lowest) / (highest - lowest) * (bottom - top)
    }
    let figures: [(String, String, (BenchResults.MainQueueRow) -> Double?)] = [
      ("per user action", "#1f77b4", { $0.userAction.ratioP50 }),
      ("refresh file I/O", "#ff7f0e", { $0.refreshFileIO.ratioP50 }),
      ("worst probe delay", "#2ca02c", { $0.probeWorstDelay.ratioP50 }),
    ]
    var parts: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "font-family=\"sans-serif\" font-size=\"12\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(Int(left))\" y=\"20\" font-size=\"14\">Main queue: before ÷ after (p50, log scale), "
        + "\(results.build) build, disk latency \(DurationText.text(results.diskLatencySeconds))</text>",
    ]
    for exponent in Int(lowest)...Int(highest) {
      let ratio = pow(10, Double(exponent))
      let lineY = y(ratio)
      let label = ratio < 1 ? "0.1×" : "\(Int(ratio))×"
      parts.append(
        "<line x1=\"\(left)\" y1=\"\(lineY)\" x2=\"\(width - 20)\" y2=\"\(lineY)\" "
          + "stroke=\"\(exponent == 0 ? "#000" : "#ddd")\"/>")
      parts.append(
        "<text x=\"\(left - 8)\" y=\"\(lineY + 4)\" text-anchor=\"end\">\(label)</text>")
    }
    let groupWidth = (width - left - 20) / Double(max(1, results.mainQueue.count))
    let barWidth = groupWidth / Double(figures.count + 1)
    for (group, row) in results.mainQueue.enumerated() {
      let groupX = left + Double(group) * groupWidth
      for (index, figure) in figures.enumerated() {
        let x = groupX + barWidth * (Double(index) + 0.5)
        guard let ratio = figure.2(row) else {
          // No ratio: the after variant measured nothing to divide by. The series is still
          // drawn, as an outlined bar to the top of the scale, labelled, never left out.
          parts.append(
            "<rect class=\"no-ratio\" x=\"\(x)\" y=\"\(top)\" width=\"\(barWidth * 0.9)\" "
              + "height=\"\(y(1) - top)\" fill=\"white\" stroke=\"\(figure.1)\" "
              + "stroke-width=\"2\" stroke-dasharray=\"5 3\"><title>\(figure.0): after: none "
              + "(no time on the main queue after)</title></rect>")
          parts.append(
            "<text x=\"\(x + barWidth * 0.45)\" y=\"\(top + 8)\" fill=\"\(figure.1)\" "
              + "font-size=\"11\" text-anchor=\"end\" transform=\"rotate(-90 "
              + "\(x + barWidth * 0.45) \(top + 8))\">after: none</text>")
          continue
        }
        let barTop = min(y(ratio), y(1))
        let barHeight = abs(y(ratio) - y(1))
        parts.append(
          "<rect x=\"\(x)\" y=\"\(barTop)\" width=\"\(barWidth * 0.9)\" height=\"\(barHeight)\" "
            + "fill=\"\(figure.1)\"><title>\(figure.0): \(Ratio.text(before: ratio, after: 1))</title></rect>"
        )
      }
      parts.append(
        "<text x=\"\(groupX + groupWidth / 2)\" y=\"\(bottom + 18)\" text-anchor=\"middle\">"
          + "\(row.drinks) drinks</text>")
    }
    // The legend lists only series the chart draws: each has a bar or an "after: none" outline
    // in every group.
    for (index, figure) in figures.enumerated() {
      let x = left + Double(index) * 180
      parts.append(
        "<rect x=\"\(x)\" y=\"\(height - 24)\" width=\"12\" height=\"12\" fill=\"\(figure.1)\"/>")
      parts.append("<text x=\"\(x + 18)\" y=\"\(height - 14)\">\(figure.0)</text>")
    }
    parts.append(
      "<text x=\"\(width - 20)\" y=\"\(height - 14)\" fill=\"#555\" text-anchor=\"end\">"
        + "dashed outline: after: none</text>")
    parts.append("</svg>")
    return parts.joined(separator: "\n") + "\n"
  }
}
