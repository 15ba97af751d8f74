import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// What `lab dev mutants` reports and the exit code it gives, from mutants' outcomes.
@Suite("Mutant report")
struct MutantReportTests {
  static func result(
    _ id: String, _ outcome: MutantRun.Outcome, _ mutationOperator: MutationOperator = .removeCall,
    exercise: String = "kata-01"
  ) -> MutantRun.Result {
    MutantRun.Result(
      exercise: exercise,
      mutant: Mutant(
        id: id, mutationOperator: mutationOperator, file: "A.swift", line: 2,
        text: "a\nB\n", original: "a\nb\n"),
      outcome: outcome, summary: "", seconds: 1)
  }

  static let results = [
    result("m1", .killed),
    result("m2", .survived, .moveAcrossAwait),
    result("m3", .doesNotCompile),
    result("m4", .timedOut),
    result("m5", .survived),
  ]

  @Test(
    "Counts per operator and in all; the score leaves out what does not compile and what is equivalent"
  )
  func counts() {
    let report = MutantReport(
      exercises: [MutantReport.Exercise(id: "kata-01", results: Self.results, seconds: 3)],
      equivalents: EquivalentMutants(equivalent: [
        .init(exercise: "kata-01", mutant: "m5", reason: "no caller can tell")
      ]))
    let (byOperator, total) = report.counts(of: report.exercises[0])
    #expect(byOperator.map(\.0) == [.moveAcrossAwait, .removeCall])
    #expect(total.mutants == 5)
    #expect(total.killed == 1)
    #expect(total.timedOut == 1)
    #expect(total.survived == 1)
    #expect(total.equivalent == 1)
    #expect(total.notCompiling == 1)
    // Killed or timed out, 2, of the 3 that compile and are not equivalent.
    #expect(total.scoreText == "66.7%")
    #expect(report.unlistedSurvivors.map(\.mutant.id) == ["m2"])
    #expect(report.exitCode == 1)
    #expect(report.text.contains("Survived: `m2`"))
    #expect(report.text.contains("+B"))
    #expect(!report.text.contains("Survived: `m5`"))
    #expect(report.survivorsText.contains("## kata-01"))
  }

  @Test("Exit code 0 when every survivor is listed; a listed mutant that was killed is stale")
  func exitCodes() {
    let listed = EquivalentMutants(equivalent: [
      .init(exercise: "kata-01", mutant: "m2", reason: "r"),
      .init(exercise: "kata-01", mutant: "m5", reason: "r"),
      .init(exercise: "kata-01", mutant: "m1", reason: "r"),
    ])
    let report = MutantReport(
      exercises: [MutantReport.Exercise(id: "kata-01", results: Self.results, seconds: 3)],
      equivalents: listed)
    #expect(report.exitCode == 0)
    #expect(report.staleEntries.map(\.mutant.id) == ["m1"])
    // The same id listed for another exercise does not count.
    let other = MutantReport(
      exercises: [
        MutantReport.Exercise(
          id: "kata-02", results: [Self.result("m2", .survived, exercise: "kata-02")], seconds: 1)
      ], equivalents: listed)
    #expect(other.exitCode == 1)
  }

  @Test("A solution that does not pass fails the run, whatever its mutants")
  func solutionFails() {
    let report = MutantReport(
      exercises: [
        MutantReport.Exercise(id: "kata-01", results: [], problem: "fail: x", seconds: 1)
      ], equivalents: EquivalentMutants())
    #expect(report.exitCode == 1)
    #expect(report.text.contains("Not run: fail: x"))
  }

  @Test("A mutant's time limit: ten times the solution's check, never under the floor")
  func timeLimit() {
    #expect(MutantRun.timeLimit(solutionSeconds: 0.8, floor: 20) == 20)
    #expect(MutantRun.timeLimit(solutionSeconds: 4.21, floor: 20) == 43)
  }

  @Test("A check's verdict gives the mutant's outcome")
  func outcomes() {
    #expect(MutantRun.outcome(of: .passed([])) == .survived)
    #expect(MutantRun.outcome(of: .failed([])) == .killed)
    #expect(MutantRun.outcome(of: .doesNotCompile(errors: [])) == .doesNotCompile)
    #expect(
      MutantRun.outcome(of: .hung(seconds: 30, check: nil, waitingFor: nil)) == .timedOut)
  }

  @Test("Usage: one of an exercise, a track and --all; operators by name")
  func usage() throws {
    let catalog = try ExerciseCatalog.load(root: CheckContractTests.root)
    #expect(throws: UsageError.self) {
      try DevCommand.mutantExercises(catalog, name: nil, track: nil, all: false)
    }
    #expect(throws: UsageError.self) {
      try DevCommand.mutantExercises(catalog, name: "apod/6", track: nil, all: true)
    }
    #expect(throws: UsageError.self) {
      try DevCommand.mutantExercises(catalog, name: nil, track: "nope", all: false)
    }
    #expect(
      try DevCommand.mutantExercises(catalog, name: "apod/6", track: nil, all: false)
        .map(\.id) == ["apod-06-favourites-actor"])
    #expect(throws: UsageError.self) { try DevCommand.mutationOperators("shuffle") }
    #expect(
      try DevCommand.mutationOperators("remove-defer,resume-twice") == [.removeDefer, .resumeTwice])
  }

  @Test("Each listed equivalent is a mutant the lab makes, with a reason: ids survive edits")
  func committedList() throws {
    let root = CheckContractTests.root
    let list = try EquivalentMutants.load(root: root)
    let catalog = try ExerciseCatalog.load(root: root)
    for entry in list.equivalent {
      #expect(!entry.reason.isEmpty, "\(entry.mutant) has no reason")
      let exercise = try catalog.exercise(named: entry.exercise)
      let ids = try MutantRun.mutants(of: exercise, root: root).map(\.id)
      #expect(ids.contains(entry.mutant), "\(entry.exercise) makes no mutant \(entry.mutant)")
    }
  }
}
