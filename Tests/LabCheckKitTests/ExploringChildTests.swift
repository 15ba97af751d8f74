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
}
