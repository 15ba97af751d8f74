import Foundation
import Testing

@testable import LabKit

/// Hints cite the compiler probes behind their claims, for the traceability test; `lab hint`
/// shows the learner the hint without them.
@Suite("Probe citations in hints")
struct ProbeCitationTests {
  @Test("Each form of citation goes, and the sentence around it stays whole")
  func stripsCitations() {
    #expect(
      "The compiler refuses it (probe: some-probe). Then".withoutProbeCitations
        == "The compiler refuses it. Then")
    #expect(
      "It traps (probes: one-probe, other-probe).".withoutProbeCitations == "It traps.")
    #expect(
      "It leaves the actor (SE-0338; probe: some-probe), and".withoutProbeCitations
        == "It leaves the actor (SE-0338), and")
    #expect("(not a probe) stays".withoutProbeCitations == "(not a probe) stays")
  }

  @Test("No hint of the lab shows a probe citation once stripped")
  func noHintShowsOne() throws {
    let catalog = try ExerciseCatalog.load(root: LabKitTests.packageRoot)
    let cited = catalog.allExercises.flatMap(\.hints).filter { $0.contains("probe:") }
    // The lab's hints do cite probes, so this test looks at real citations.
    try #require(!cited.isEmpty)
    for hint in cited {
      #expect(!hint.withoutProbeCitations.contains("probe"), "\(hint)")
    }
  }

  @Test("`lab hint` prints the hint without its citations")
  func hintCommandStrips() throws {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/exercises.json",
      FakeLab.catalogJSON().replacingOccurrences(
        of: "a gentle hint",
        with: "a gentle hint (probe: some-probe), kept (SE-0461; probes: one, two) whole"))
    #expect(lab.run("hint", "1") == 0)
    #expect(lab.printed.contains("a gentle hint, kept (SE-0461) whole"))
    #expect(!lab.printed.contains("probe"))
  }
}
