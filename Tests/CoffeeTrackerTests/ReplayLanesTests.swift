import Foundation
import Testing

/// `race-lab replay --lanes` projected in front of a room: every line fits the terminal.
@Suite("race-lab replay's lanes on a projector", .timeLimit(.minutes(2)))
struct ReplayLanesTests {
  /// What `race-lab replay` with `arguments` printed, without colour, with `COLUMNS` set to
  /// `columns` (an empty one counts as none: the output goes to a file, hence 80).
  static func replay(_ arguments: [String], columns: String) throws -> [String] {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["replay"] + arguments, environment: ["NO_COLOR": "1", "COLUMNS": columns],
      timeout: 100)
    #expect(result.succeeded, "\(result.ending)\n\(output)")
    return output.components(separatedBy: "\n")
  }

  @Test(
    "Every line of every replay fits: 80 columns in a file, COLUMNS when set, never below 60",
    arguments: [("", 80), ("60", 60), ("40", 60)])
  func everyLineFits(_ columns: String, _ width: Int) throws {
    let lines = try Self.replay(["--lanes"], columns: columns)
    #expect(lines.count > 300)
    // The verdict lines are there, wrapped, not dropped.
    #expect(lines.contains { $0.hasPrefix("  before  ✓ symptom shown: two loads:") })
    let overflowing = lines.filter { $0.count > width }.map { "\($0.count): \($0)" }
    #expect(overflowing.isEmpty, "\(overflowing)")
  }
}
