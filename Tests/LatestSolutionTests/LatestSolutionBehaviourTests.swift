import CoffeeScenarios
import CoffeeTrackerLatest
import RaceLab
import Testing

/// The behaviour suite on the coffee track's newest code: the last step's solution, built as
/// `CoffeeTrackerLatest` with that step's settings (Package.swift finds the step in
/// `Exercises/exercises.json`).
///
/// Each scenario must meet every expectation the after variant is held to, with no known issue,
/// and show the after variant's observable behaviour: the Swift 6.2 steps change where the code
/// runs and how it says so, never what the app does. As in `BehaviourSuiteTests`, each scenario
/// runs in a process of its own (an exit test), so that a crash fails that one case, and the
/// child's issues come back as the test's own.
@Suite("Behaviour suite on the track's last solution", .timeLimit(.minutes(5)))
struct LatestSolutionBehaviourTests {
  /// The last step's app, launched through its lab driver.
  static let latest = Variant(name: "latest solution") {
    CoffeeTrackerLatest.LabDriver.launch(on: $0)
  }

  @Test(
    "Every expectation holds, and the behaviour is the after variant's", arguments: Scenario.all)
  func scenarioHolds(_ scenario: Scenario) async {
    let scenarioID = scenario.id
    await #expect(processExitsWith: .success) { [scenarioID = scenarioID as String] in
      try await Self.check(scenarioID)
    }
  }

  // MARK: In the child process

  @MainActor
  private static func check(_ id: String) async throws {
    let scenario = try #require(Scenario.named(id))
    let outcome = try await ScenarioRunner.run(scenario, on: latest)
    for expectation in scenario.allExpectations {
      let failure = expectation.failure(in: outcome)
      #expect(failure == nil, "\(expectation.summary): \(failure ?? "")")
    }
    let after = try await ScenarioRunner.run(scenario, on: .after)
    let differences = after.observableBehaviour.differences(from: outcome.observableBehaviour)
    #expect(differences.isEmpty, "after vs latest solution: \(differences.joined(separator: "; "))")
  }
}

extension LatestSolutionBehaviourTests {
  /// The newest steps move load() off the store actor: a save that lands while it reads must
  /// still reach the disk (`Replay.saveDuringLaunchRead`), as on the after variant.
  @Test("A save that lands while the launch reads the file is not lost")
  func saveDuringLaunchRead() async {
    await #expect(processExitsWith: .success) {
      let result = try await Replay.saveDuringLaunchRead(on: Self.latest)
      #expect(result.readWasHeld, "\(result.detail)")
      #expect(result.writesWhileReading > 0, "no save landed during the read: \(result.detail)")
      #expect(!result.saveLost, "\(result.detail)")
    }
  }
}

extension LatestSolutionBehaviourTests {
  /// Saves in flight (`Replay.saveInFlight`): a second save, and a list changed back, while a
  /// write is held at the disk; the file must end as the model's list, as on the after variant.
  @Test(
    "Saves in flight land in order, and the file ends as the model's list",
    arguments: Replay.WhileSaveInFlight.allCases)
  func savesInFlight(_ action: Replay.WhileSaveInFlight) async {
    await #expect(processExitsWith: .success) { [action = action.rawValue as String] in
      let action = try #require(Replay.WhileSaveInFlight(rawValue: action))
      let result = try await Replay.saveInFlight(action, on: Self.latest)
      #expect(result.writeWasHeld, "\(result.detail)")
      #expect(!result.fileDiffersFromModel, "\(result.detail)")
    }
  }
}
