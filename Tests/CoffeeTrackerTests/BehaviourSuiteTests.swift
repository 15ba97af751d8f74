import CoffeeScenarios
import Testing

/// The shared behaviour suite: every scenario of the catalog, run against both variants through
/// the same driver interface, with the same expectations.
///
/// Where the before variant breaks an expectation because of a bug the migration fixes, the
/// scenario names that bug: on the before variant the expectation is then a known issue, which
/// must still fail there (a fix that sneaks into the before variant turns the test red), and on
/// the after variant it must hold.
@Suite("Behaviour suite", .timeLimit(.minutes(1)))
@MainActor
struct BehaviourSuiteTests {
  @Test("Every expectation holds", arguments: Scenario.all, Variant.all)
  func expectationsHold(in scenario: Scenario, on variant: Variant) async throws {
    let outcome = try await ScenarioRunner.run(scenario, on: variant)
    for expectation in scenario.allExpectations {
      let failure = expectation.failure(in: outcome)
      if variant == .before, let bug = expectation.brokenBy, scenario.knownBeforeBugs.contains(bug)
      {
        withKnownIssue(Comment(rawValue: bug.explanation)) {
          #expect(failure == nil, "\(expectation.summary): \(failure ?? "")")
        }
      } else {
        #expect(failure == nil, "\(expectation.summary): \(failure ?? "")")
      }
    }
  }

  @Test("Both variants show the same behaviour", arguments: Scenario.all)
  func variantsAgree(in scenario: Scenario) async throws {
    let before = try await ScenarioRunner.run(scenario, on: .before)
    let after = try await ScenarioRunner.run(scenario, on: .after)
    let differences = before.observableBehaviour.differences(from: after.observableBehaviour)
    #expect(differences.isEmpty, "before vs after: \(differences.joined(separator: "; "))")
  }
}
