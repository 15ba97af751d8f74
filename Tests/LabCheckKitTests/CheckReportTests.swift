import CheckReporting
import Testing

/// The output protocol read back: what `lab` parses is what a check prints.
@Suite("Check report lines")
struct CheckReportTests {
  @Test("A passing and a failing LAB-CHECK line read back to their parts")
  func roundTrip() throws {
    let passed = try #require(CheckReport.checkLine(CheckReport.passLine(name: "is async")))
    #expect(passed.name == "is async" && passed.passed && passed.message == nil)
    let failed = try #require(
      CheckReport.checkLine(CheckReport.failLine(name: "is async", message: "it is not")))
    #expect(failed.name == "is async" && !failed.passed && failed.message == "it is not")
  }

  @Test(
    "Lines of other kinds are no LAB-CHECK line",
    arguments: [
      "LAB-RUNNING is async", "LAB-CHECK maybe is async", "lab-check pass is async", "",
    ])
  func otherLines(line: String) {
    #expect(CheckReport.checkLine(line) == nil)
  }

  @Test("Each tag reads only its own lines")
  func tags() {
    #expect(CheckReport.Tag.waiting.text(of: "LAB-WAITING the store") == "the store")
    #expect(CheckReport.Tag.waiting.text(of: "LAB-WARNING x.swift:1: y") == nil)
    #expect(CheckReport.resultLine(passed: false) == "LAB-RESULT fail")
  }
}
