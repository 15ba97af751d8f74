import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep12

let variant = Variant(name: "exercise 12") { CoffeeStep12.LabDriver.launch(on: $0) }
let suite = CheckSuite()

for scenario in Scenario.all {
  suite.check(scenario.id) {
    try await ScenarioChecks.holds(scenario.id, on: variant)
  }
}

await suite.run()
