import Testing

@testable import LabCheckKit

/// What the exploring child prints is read back, group by group, as the checks need it.
@Suite("Exploring child")
struct ExploringChildTests {
  @Test("Each group's verdict comes back with the report lines printed under it")
  func verdictsByGroup() {
    let output = ChildOutput(
      lines: [
        "EXPLORE-VERDICT interleavings PASS 368",
        "EXPLORE-VERDICT saved-value-race FINDING 104",
        "  - file-differs-from-model: the file differs from the model",
        "  Replay exactly this run: swift run lab check 07 --schedule 'a@3:1'",
        "",
      ], exitedNormally: true, ending: "exit 0")
    let verdicts = output.verdicts
    #expect(verdicts["interleavings"] == ExplorationVerdict(.passed, schedules: 368))
    #expect(verdicts["saved-value-race"]?.kind == .finding)
    #expect(verdicts["saved-value-race"]?.schedules == 104)
    #expect(verdicts["saved-value-race"]?.report.count == 3)
    #expect(verdicts["saved-value-race"]?.report.first?.contains("file-differs") == true)
  }

  @Test("The runs the child announces, and a malformed verdict line, are in no group's report")
  func announcementsStayOut() {
    let output = ChildOutput(
      lines: [
        "EXPLORE-TRYING loads-overlap+in-flight@default",
        "EXPLORE-VERDICT interleavings FINDING 3",
        "  - what broke",
        "EXPLORE-TRYING drinks-in-a-row+in-flight@2:1",
        "EXPLORE-VERDICT broken",
        "  a line after a malformed verdict",
      ], exitedNormally: true, ending: "exit 0")
    #expect(output.verdicts.count == 1)
    #expect(output.verdicts["interleavings"]?.report == ["  - what broke"])
  }

  // Not `.unavailable`: its note goes to the suite's shared notes, which another test may read.
  @MainActor
  @Test("A finding fails its check with the report; a pass passes; a crash fails")
  func outcomes() {
    let finding = ExplorationVerdict(.finding, schedules: 12, report: ["  - what broke"])
    #expect(
      finding.outcome(replayExample: "x@1:1")
        == .fail("After 12 explored schedules, one broke a rule of the app:\n  - what broke"))
    #expect(ExplorationVerdict(.passed, schedules: 5).outcome(replayExample: "x@1:1") == .pass)
    #expect(
      ExplorationVerdict(.crashed, report: ["it crashed"]).outcome(replayExample: "") != .pass)
  }

  @Test("The verdicts of a split exploration merge into the one a single child would give")
  func sharesMerge() {
    func output(_ lines: [String], exited: Bool = true) -> ChildOutput {
      ChildOutput(lines: lines, exitedNormally: exited, ending: exited ? "exit 0" : "signal 4")
    }
    let first = output([
      "EXPLORE-VERDICT interleavings FINDING 40 0.1.4.0", "  - the later one",
      "EXPLORE-VERDICT saved-value-race PASS 20",
    ])
    let second = output([
      "EXPLORE-TRYING drinks-in-a-row+in-flight@2:1",
      "EXPLORE-VERDICT interleavings FINDING 30 0.1.3.5", "  - the earlier one",
      "EXPLORE-VERDICT saved-value-race PASS 25",
    ])
    let merged = ChildOutput.merged([first, second]).verdicts
    // Level 1 both; the scenario at place 3 comes before the one at 4.
    #expect(
      merged["interleavings"]
        == ExplorationVerdict(
          .finding, schedules: 70, report: ["  - the earlier one"], rank: [0, 1, 3, 5]))
    #expect(merged["saved-value-race"] == ExplorationVerdict(.passed, schedules: 45))
    // A finding of the bounded search comes before any of the seeded runs.
    let seeded = output(["EXPLORE-VERDICT interleavings FINDING 600 1.1.0.0", "  - seeded"])
    #expect(
      ChildOutput.merged([seeded, second]).verdicts["interleavings"]?.report == [
        "  - the earlier one"
      ])
    // A child that crashed speaks for all.
    let crashed = output(["EXPLORE-TRYING loads-overlap+in-flight@1:1"], exited: false)
    #expect(!ChildOutput.merged([first, crashed]).exitedNormally)
    // One child's output is its own.
    #expect(ChildOutput.merged([first]).lines == first.lines)
  }
}
