import CoffeeScenarios
import CoffeeTrackerLatest
import RaceLab
import Testing

/// The behaviour suite on the coffee track's last solution (`Solutions/<last>`, built with its
/// exercise's settings: default main-actor isolation, nonisolated(nonsending) by default): the
/// newest form of the app keeps every expectation, behaves as the after variant does, and shows
/// no race replay's symptom.
@Suite("Behaviour suite on the track's latest solution", .timeLimit(.minutes(1)))
@MainActor
struct LatestSolutionBehaviourTests {
  static let latest = Variant(name: "latest solution") {
    CoffeeTrackerLatest.LabDriver.launch(on: $0)
  }

  @Test("Every expectation holds", arguments: Scenario.all)
  func expectationsHold(in scenario: Scenario) async throws {
    let outcome = try await ScenarioRunner.run(scenario, on: Self.latest)
    for expectation in scenario.allExpectations {
      let failure = expectation.failure(in: outcome)
      #expect(failure == nil, "\(expectation.summary): \(failure ?? "")")
    }
  }

  @Test("It behaves as the after variant does", arguments: Scenario.all)
  func agreesWithAfter(in scenario: Scenario) async throws {
    let latest = try await ScenarioRunner.run(scenario, on: Self.latest)
    let after = try await ScenarioRunner.run(scenario, on: .after)
    let differences = latest.observableBehaviour.differences(from: after.observableBehaviour)
    #expect(differences.isEmpty, "latest vs after: \(differences.joined(separator: "; "))")
  }

  @Test("No race replay shows its symptom", arguments: Replay.replayable)
  func survivesReplays(_ entry: RaceEntry) async throws {
    let result = try await Replay.run(entry, on: Self.latest)
    #expect(!result.symptomShown, "\(entry.id) on the latest solution: \(result.detail)")
  }
}
