import CoffeeScenarios
import RaceLab
import Testing

/// The one judgement the behaviour suite and the demo share: an expectation broken by a known bug
/// the scenario declares is expected to fail on the before variant, and must hold everywhere
/// else.
@Suite("Expectation verdicts", .timeLimit(.minutes(5)))
@MainActor
struct ExpectationVerdictTests {
  /// A scenario that declares the known bug `blockingIOOnMainQueue`.
  static let scenario = Scenario.named("add-drink-background")!

  static func outcome(on variant: Variant) async throws -> ScenarioOutcome {
    try await ScenarioRunner.run(scenario, on: variant)
  }

  // Each test runs the apps in a process of its own (an exit test): a crash fails that test by
  // name, and the rest of the run reports.
  @Test("The scenario's own known bug is a known bug on before and holds on after")
  func declaredBugShows() async {
    await #expect(processExitsWith: .success) { try await Self.declaredBugShowsInChild() }
  }

  /// In the child process.
  private static func declaredBugShowsInChild() async throws {
    #expect(Self.scenario.knownBeforeBugs == [.blockingIOOnMainQueue])
    let expectation = try #require(
      Self.scenario.allExpectations.first { $0.brokenBy == .blockingIOOnMainQueue })
    let before = expectation.verdict(in: try await Self.outcome(on: .before))
    guard case .knownBeforeBug(.blockingIOOnMainQueue, let failure) = before else {
      Issue.record("on before: \(before)")
      return
    }
    // One save in the background: one file operation, said in the singular.
    #expect(failure.contains("1 file operation on the main queue"))
    #expect(!before.isBroken)
    #expect(before.expectedBug == .blockingIOOnMainQueue)
    #expect(expectation.verdict(in: try await Self.outcome(on: .after)) == .held)
  }

  @Test("Every combination of variant, declared bug and failure")
  func judgement() async {
    await #expect(processExitsWith: .success) { try await Self.judgementInChild() }
  }

  /// In the child process.
  private static func judgementInChild() async throws {
    let before = try await Self.outcome(on: .before)
    let after = try await Self.outcome(on: .after)
    func expectation(brokenBy bug: KnownBug?, failing: Bool) -> CoffeeScenarios.Expectation {
      CoffeeScenarios.Expectation("a test's own expectation", brokenBy: bug) { _ in
        failing ? "it failed" : nil
      }
    }
    let declared = KnownBug.blockingIOOnMainQueue
    let undeclared = KnownBug.overlappingLoads

    // On before, a declared bug must show: failing is the lesson, holding is a lost lesson.
    #expect(
      expectation(brokenBy: declared, failing: true).verdict(in: before)
        == .knownBeforeBug(declared, failure: "it failed"))
    let missing = expectation(brokenBy: declared, failing: false).verdict(in: before)
    #expect(missing == .knownBeforeBugMissing(declared))
    #expect(missing.isBroken)
    // A bug the scenario does not declare excuses nothing, nor does a bug on after.
    #expect(
      expectation(brokenBy: undeclared, failing: true).verdict(in: before)
        == .broken(failure: "it failed"))
    #expect(
      expectation(brokenBy: declared, failing: true).verdict(in: after)
        == .broken(failure: "it failed"))
    #expect(expectation(brokenBy: declared, failing: false).verdict(in: after) == .held)
    // Without a bug, an expectation is judged alike on both.
    for outcome in [before, after] {
      #expect(expectation(brokenBy: nil, failing: false).verdict(in: outcome) == .held)
      let broken = expectation(brokenBy: nil, failing: true).verdict(in: outcome)
      #expect(broken == .broken(failure: "it failed"))
      #expect(broken.isBroken && broken.expectedBug == nil)
    }
  }
}
