// The checks of exercise 01: make `save(drink:)` async.
import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep01

let variant = Variant(name: "exercise 01") { CoffeeStep01.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("save(drink:) is async") {
  // Overload resolution tells: a synchronous function picks the synchronous overload.
  func isAsync(_ save: (Drink) async -> Void) -> Bool { true }
  func isAsync(_ save: (Drink) -> Void) -> Bool { false }
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep01.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  return .expect(
    isAsync(driver.app.model.healthKitController.save(drink:)),
    "save(drink:) is still synchronous: mark it async and await the store's async save")
}

suite.check("the sample is in the health store when save(drink:) returns") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep01.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let drink = Drink(mgCaffeine: 64, onDate: platform.clock.now)
  let returned = Gate()
  // Hold the store's answer until save(drink:) has returned (one second at most). A save that
  // awaits the store cannot return before the answer, so only a wrong answer gets through.
  platform.checkpoints.install(at: .healthCallbackDelivering(.save)) { returned.wait(timeout: 1) }
  await driver.app.model.healthKitController.save(drink: drink)
  let saved = platform.healthStore.samples.contains { $0.syncIdentifier == drink.uuid }
  returned.open()
  platform.checkpoints.remove(at: .healthCallbackDelivering(.save))
  try await platform.settle(driver)
  return .expect(
    saved,
    "save(drink:) returned before the health store saved the sample: await the store's answer")
}

suite.check("adding drinks still saves them to the health store") {
  try await ScenarioChecks.holds("add-drink-active", on: variant)
}

suite.check("a refused sample is still kept on the watch") {
  try await ScenarioChecks.holds("save-error", on: variant)
}

await suite.run()
