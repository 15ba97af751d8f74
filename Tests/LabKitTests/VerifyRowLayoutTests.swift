import Testing

@testable import LabKit

/// `make verify-solutions` in an 80-column terminal: each row broken between its phrases, never
/// inside "(12 checks)" or a quoted check name, later lines hanging under the first one's text.
@Suite("lab verify's rows wrap between phrases")
struct VerifyRowLayoutTests {
  static func checks(_ count: Int, failing: [String] = []) -> [Verdict.CheckLine] {
    (1...count).map { Verdict.CheckLine(name: "check \($0)", passed: true, detail: nil) }
      + failing.map { Verdict.CheckLine(name: $0, passed: false, detail: nil) }
  }

  @Test("A solution's row at 80 columns keeps 'got pass (12 checks)' whole, under the text")
  func solutionRow() {
    let row = Verification.Row(
      exercise: "store-01-continuation-loader", subject: "solution", expected: "pass",
      verdicts: [.passed(Self.checks(12))], isAsExpected: true)
    let lines = row.lines(width: 80)
    #expect(
      lines == [
        "  ✓ store-01-continuation-loader · solution: expected to pass;",
        "    got pass (12 checks)",
      ])
    // Wide enough, one line as before.
    #expect(row.lines(width: 200).count == 1)
  }

  @Test("A starter's row keeps the quoted check names whole at 72 columns, within the width")
  func starterRow() {
    let name = "the drink list is on disk after a change"
    let row = Verification.Row(
      exercise: "08-drinks-updated", subject: "starter", expected: "fail \"\(name)\"",
      verdicts: [.failed(Self.checks(2, failing: [name]))], isAsExpected: true)
    let lines = row.lines(width: 72)
    #expect(lines.allSatisfy { $0.count <= 72 }, "\(lines)")
    #expect(lines.first == "  ✓ 08-drinks-updated · starter:")
    #expect(lines.contains("    expected to fail \"\(name)\";"), "\(lines)")
    #expect(lines.contains("    got fail: \(name)"), "\(lines)")
    // Narrower than a phrase: broken between its words, still within the width.
    let narrow = row.lines(width: 40)
    #expect(narrow.allSatisfy { $0.count <= 40 && $0.hasPrefix("  ") }, "\(narrow)")
    #expect(narrow.dropFirst().allSatisfy { $0.hasPrefix("    ") }, "\(narrow)")
  }
}
