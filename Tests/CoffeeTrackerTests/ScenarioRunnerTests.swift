import CoffeeScenarios
import Testing

/// What the runner does with a scenario it cannot play.
@Suite("Scenario runner")
@MainActor
struct ScenarioRunnerTests {
  @Test("A step that asks for what the watch does not hold is an error that names the step")
  func unplayableStep() async {
    let scenario = Scenario(
      id: "delete-missing-sample", summary: "Deletes an app sample that was never written.",
      steps: [.userDeletesNewestAppSample], expectations: [])
    await #expect {
      _ = try await ScenarioRunner.run(scenario, on: .after)
    } throws: { error in
      (error as? ScenarioStepError)?.step == .userDeletesNewestAppSample
    }
  }
}
