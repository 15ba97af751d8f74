// The checks of exercise 11: no reentrancy race between overlapping loads.
import CheckReporting
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep11

let variant = Variant(name: "exercise 11") { CoffeeStep11.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 11)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(moduleName: "CoffeeStep11", files: ["HealthKitController.swift"])

suite.check("health sync still adds, deletes and skips the app's own samples") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("health-sync-adds", on: variant) },
    { try await ScenarioChecks.holds("health-sync-deletes", on: variant) },
    { try await ScenarioChecks.holds("own-samples-not-duplicated", on: variant) },
  ])
}

suite.check("a failed or impossible load does not stop the next one") {
  // A failure in the middle: the store fails one query, then works again.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep11.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let controller = driver.app.model.healthKitController
  platform.healthStore.configure { $0.failsQueries = true }
  let failed = await controller.loadNewDataFromHealthKit()
  platform.healthStore.configure { $0.failsQueries = false }
  let sample = platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 64, date: platform.clock.now.addingTimeInterval(-10 * 60))
  let next = await controller.loadNewDataFromHealthKit()
  try await platform.settle(driver)
  guard !failed, next, driver.currentDrinks.contains(where: { $0.uuid == sample.uuid }) else {
    return .fail(
      "after a failed query (answered \(failed)), the next load answered \(next) and the model "
        + "\(driver.currentDrinks.contains { $0.uuid == sample.uuid } ? "holds" : "lacks") the "
        + "new drink: each load must query for itself, whatever the one before it found")
  }
  return try await CheckOutcome.all([
    { try await ScenarioChecks.holds("query-error", on: variant) },
    { try await ScenarioChecks.holds("health-store-unavailable", on: variant) },
    { try await ScenarioChecks.holds("day-of-coffee", on: variant) },
  ])
}

suite.check("a load asked while another runs answers once it has brought what arrived") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep11.LabDriver.launch(on: platform)
  let controller = driver.app.model.healthKitController
  return try await LoadAnswerChecks.loadAskedDuringAnotherBringsWhatArrived(
    platform: platform, driver: driver, load: { await controller.loadNewDataFromHealthKit() })
}

suite.check("the health controller is still an actor") {
  // Exercise 06's lesson, which this step's edits to HealthKitController.swift must keep: see
  // HealthControllerForm for why the form, not a behaviour, is what can be checked.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep11.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  return HealthControllerForm.staysAnActor(driver.app.model.healthKitController)
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
