// The checks of exercise 15: nonisolated(nonsending) by default, and @concurrent (SE-0461).
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep15

let variant = Variant(name: "exercise 15") { CoffeeStep15.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 15)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

suite.check("the drink list is read off the main queue at launch") {
  let outcome = try await ScenarioChecks.survivesReplay("nonsending-io-on-main", on: variant)
  guard case .fail(let message) = outcome else { return outcome }
  return .fail(
    message + ". With NonisolatedNonsendingByDefault a nonisolated async function runs on its "
      + "caller's actor, and the model calls load() from the main actor")
}

suite.check("every scenario of the behaviour suite still holds") {
  for scenario in Scenario.all {
    let outcome = try await ScenarioChecks.holds(scenario.id, on: variant)
    guard outcome == .pass else { return outcome }
  }
  return .pass
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
