import CoffeeScenarios

/// One scenario played on one variant: the steps it got through, and how the run ended.
struct VariantRun {
  let variant: Variant
  /// Each step's record, the launch first. Collected as the run goes, so that a run that
  /// throws still shows how far it got.
  let records: [ScenarioOutcome.StepRecord]
  /// The outcome, or why the runner gave up (a `SettleError`, for one).
  let result: Result<ScenarioOutcome, any Error>

  /// How each expectation of `scenario` fared; empty when the run failed.
  func verdicts(for scenario: Scenario) -> [ExpectationVerdict] {
    guard case .success(let outcome) = result else { return [] }
    return scenario.allExpectations.map { $0.verdict(in: outcome) }
  }
}
