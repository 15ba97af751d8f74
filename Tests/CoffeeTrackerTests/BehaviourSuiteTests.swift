import CoffeeScenarios
import RaceLab
import Testing

/// The shared behaviour suite: every scenario of the catalog, run against both variants through
/// the same driver interface, with the same expectations.
///
/// Where the before variant breaks an expectation because of a bug the migration fixes, the
/// scenario names that bug: on the before variant the expectation is then a known issue, which
/// must still fail there (a fix that sneaks into the before variant turns the test red), and on
/// the after variant it must hold.
///
/// Each scenario runs in a process of its own (a Swift Testing exit test): a crash, such as a
/// continuation resumed twice, fails that one test case, named by scenario and variant, with the
/// runtime's message, and every other case still reports. The child's issues, known ones
/// included, come back to this process as the test's own. (`#expect(processExitsWith:)` returns
/// no result when the exit status is not the expected one, so the child writes its standard error
/// to a file this process names and reads after a crash.)
@Suite("Behaviour suite", .timeLimit(.minutes(5)))
struct BehaviourSuiteTests {
  @Test("Every expectation holds", arguments: Scenario.all, Variant.all)
  func expectationsHold(in scenario: Scenario, on variant: Variant) async throws {
    let scenarioID = scenario.id
    let variantName = variant.name
    let crashLog = CrashLog()
    await #expect(processExitsWith: .success) {
      [
        scenarioID = scenarioID as String, variantName = variantName as String,
        crashLogPath = crashLog.path as String
      ] in
      CrashLog.sendStandardError(to: crashLogPath)
      try await Self.checkExpectations(ofScenario: scenarioID, onVariant: variantName)
    }
    crashLog.reportCrash(running: "\(scenarioID) on the \(variantName) variant")
  }

  @Test("Both variants show the same behaviour", arguments: Scenario.all)
  func variantsAgree(in scenario: Scenario) async throws {
    let scenarioID = scenario.id
    let crashLog = CrashLog()
    await #expect(processExitsWith: .success) {
      [scenarioID = scenarioID as String, crashLogPath = crashLog.path as String] in
      CrashLog.sendStandardError(to: crashLogPath)
      try await Self.compareVariants(inScenario: scenarioID)
    }
    crashLog.reportCrash(running: "\(scenarioID) on both variants")
  }

  // MARK: In the child process

  @MainActor
  private static func checkExpectations(ofScenario id: String, onVariant name: String)
    async throws
  {
    let scenario = try #require(Scenario.named(id))
    let variant = try #require(Variant.named(name))
    let outcome = try await ScenarioRunner.run(scenario, on: variant)
    for expectation in scenario.allExpectations {
      let verdict = expectation.verdict(in: outcome)
      let failure = verdict.failure
      if let bug = verdict.expectedBug {
        // The explanation goes into the issue's own comment too: only that one crosses back
        // from the child process. A known bug that did not show records no issue, and the
        // known-issue block fails for it.
        withKnownIssue(Comment(rawValue: bug.explanation)) {
          #expect(failure == nil, "\(expectation.summary): \(failure ?? "") (\(bug.explanation))")
        }
      } else {
        #expect(failure == nil, "\(expectation.summary): \(failure ?? "")")
      }
    }
  }

  @MainActor
  private static func compareVariants(inScenario id: String) async throws {
    let scenario = try #require(Scenario.named(id))
    let before = try await ScenarioRunner.run(scenario, on: .before)
    let after = try await ScenarioRunner.run(scenario, on: .after)
    let differences = before.observableBehaviour.differences(from: after.observableBehaviour)
    #expect(differences.isEmpty, "before vs after: \(differences.joined(separator: "; "))")
  }
}
