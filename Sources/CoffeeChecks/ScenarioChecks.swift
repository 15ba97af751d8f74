import CheckReporting
import CoffeeScenarios
import Foundation
import LabCheckKit
import LabTrace
import RaceLab
import SimulatedPlatform

/// Checks built from the lab's scenarios and race replays, run against a learner's variant.
@MainActor
public enum ScenarioChecks {
  /// Passes when every expectation of `scenarioID` holds on `variant`, except those broken by
  /// bugs the exercise has not reached yet (`stillExpected`).
  public static func holds(
    _ scenarioID: String, on variant: Variant, stillExpected: Set<KnownBug> = []
  ) async throws -> CheckOutcome {
    guard let scenario = Scenario.named(scenarioID) else {
      return .fail("no scenario \(scenarioID)")
    }
    let outcome = try await ScenarioRunner.run(scenario, on: variant)
    let failures = scenario.allExpectations.compactMap { expectation -> String? in
      if let bug = expectation.brokenBy, stillExpected.contains(bug) { return nil }
      // A failure of several lines (`expected:` and `actual:`) goes under its summary.
      return expectation.failure(in: outcome).map {
        $0.contains("\n") ? "• \(expectation.summary):\n\($0)" : "• \(expectation.summary): \($0)"
      }
    }
    guard !failures.isEmpty else { return .pass }
    let count =
      failures.count == 1 ? "one expectation fails" : "\(failures.count) expectations fail"
    return .fail(
      "\(count) in scenario \(scenarioID): \(scenario.summary)\n"
        + failures.joined(separator: "\n"))
  }

  /// Passes when the race replay of `entryID` shows no symptom on `variant`.
  public static func survivesReplay(_ entryID: String, on variant: Variant) async throws
    -> CheckOutcome
  {
    guard let entry = RaceCatalog.entry(entryID) else {
      return .fail("no race catalog entry \(entryID)")
    }
    let traces = TraceCollector()
    let result = try await traces.collecting { try await Replay.run(entry, on: variant) }
    guard result.symptomShown else { return .pass }
    // The learner's own interleaving: the racing steps alone, on the lanes they ran on.
    var lanes = racingSteps(
      in: traces.traces.last, of: entryID, title: "your app's racing steps:",
      whenEmpty: "the symptom above showed, but your app reached it without any of the steps the "
        + "lab draws for this race, so there is nothing to draw")
    // With LAB_LANES set, the lab's finished migration under the very same schedule, to compare.
    if !(ProcessInfo.processInfo.environment[LabEnvironment.lanes] ?? "").isEmpty {
      let reference = TraceCollector()
      let fixed = try await reference.collecting { try await Replay.run(entry, on: .after) }
      lanes += racingSteps(
        in: reference.traces.last, of: entryID,
        title: "the lab's after variant, same schedule (\(fixed.detail)):",
        whenEmpty: "it makes none of the accesses that race in your app: the fix removes them")
    }
    return .fail(
      (["under the \(entryID) replay: \(result.detail)"] + lanes).joined(separator: "\n"))
  }

  /// The racing steps of `entryID` in `trace` alone, on their lanes, in the order they ran.
  static func racingSteps(
    in trace: Trace?, of entryID: String, title: String, whenEmpty: String
  ) -> [String] {
    guard let trace else { return [] }
    var diagram = LaneDiagram(
      trace: trace, title: title,
      isRacing: { RaceCatalog.entry(entryID)?.isRacingAccess($0) ?? false })
    diagram.showsOnlyRacing = true
    diagram.whenEmpty = whenEmpty
    return diagram.render(style: .plain)
  }
}
