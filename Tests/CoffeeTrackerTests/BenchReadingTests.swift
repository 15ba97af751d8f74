import CommandLineSupport
import Foundation
import Testing

/// `make bench` read by someone who has not read the README: its output says how to read each
/// figure, and its chart draws every series its legend lists. Runs the built `coffee-bench` on
/// the smallest settings: the test reads what it prints, never its timings.
@Suite("coffee-bench explains itself", .timeLimit(.minutes(5)))
struct BenchReadingTests {
  @Test("The table explains ratios, 'after: none' and the PCT bound; the chart draws each series")
  func benchExplainsItself() throws {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let (result, output) = try BuiltProduct.run(
      "coffee-bench",
      [
        "--drinks", "10,100", "--repeats", "1", "--hops", "1000", "--stress-iterations", "1",
        "--out", out.path,
      ], environment: ["COLUMNS": "80"], timeout: 50)
    #expect(result.succeeded, "\(result.ending)\n\(output)")
    // Projected at 80 columns: no line wider, but the paths of the files written (on lines of
    // their own, never broken).
    let widest =
      output.split(separator: "\n").filter { !$0.contains(out.path) }.map(\.count).max() ?? 0
    #expect(widest <= 80, "a line of \(widest) columns:\n\(output)")
    // The explanations are wrapped: read them as one line.
    let text = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for phrase in [
      "higher means the after variant blocks the main queue less",
      // Printed when a figure has no after value: the after variant never does file I/O on the
      // main queue (its store actor writes), so this figure's after side is always empty.
      "\"after: none\" (file I/O per background refresh)",
      "Lower is cheaper",
      "PCT bound: what probabilistic concurrency testing guarantees",
      "It is a floor, not an estimate",
    ] {
      #expect(text.contains(phrase), "the output does not explain: \(phrase)")
    }

    let svg = try String(contentsOf: out.appendingPathComponent("bench.svg"), encoding: .utf8)
    // Each legend entry is a swatch of the series' colour; each series is drawn in both groups,
    // as a bar or, with no after figure to divide by, an outline.
    let colours = svg.matches(
      of: #/<rect x="[^"]+" y="[^"]+" width="12" height="12" fill="(#[0-9a-f]{6})"/#
    )
    .map { String($0.1) }
    #expect(colours.count == 3)
    for colour in colours {
      let drawn = svg.components(separatedBy: "\n").filter {
        $0.hasPrefix("<rect") && !$0.contains("width=\"12\" height=\"12\"")
          && ($0.contains("fill=\"\(colour)\"") || $0.contains("stroke=\"\(colour)\""))
      }
      #expect(drawn.count == 2, "the series in \(colour) is drawn \(drawn.count) times, not 2")
    }
  }
}
