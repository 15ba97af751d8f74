import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep12

let platform = try SimulatedPlatform()
let driver = CoffeeStep12.LabDriver.launch(on: platform)
try await platform.settle(driver)
for child in Mirror(reflecting: driver.app.model).children {
  print(child.label ?? "-", type(of: child.value), child.value is any Actor)
}
