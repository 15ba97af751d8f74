// The checks of exercise 08: replace `didSet` with `drinksUpdated() async`.
import CheckReporting
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep08

let variant = Variant(name: "exercise 08") { CoffeeStep08.LabDriver.launch(on: $0) }
// A write lost at suspension, explored: a background refresh, the app's work in any order.
let exploration = ExplorationCheck(
  variant, step: 8, races: [("write-lost-at-suspension", ["background-refresh+in-flight"])])
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(
  moduleName: "CoffeeStep08", files: ["CoffeeData.swift", "HealthKitController.swift"])

/// The drinks in the data file right now, read without the app knowing.
func drinksOnDisk(_ platform: SimulatedPlatform) -> [Drink] {
  platform.documents.contents(ofFileNamed: Snapshot.fileName).flatMap {
    try? PropertyListDecoder().decode([Drink].self, from: $0)
  } ?? []
}

suite.check("the drink list is on disk when updateModel(newDrinks:deletedDrinks:) returns") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep08.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let drink = Drink(mgCaffeine: 47, onDate: platform.clock.now.addingTimeInterval(-30 * 60))
  let (returned, looked) = (Gate(), Gate())
  // Hold the write until the check has looked, or until updateModel is provably waiting for it
  // (the main queue is free and updateModel has not returned). An update that awaits its save
  // cannot return before the write, so only a save left in flight is caught. No clock decides.
  platform.checkpoints.install(at: .fileWriteStarting) {
    Hold.untilLookedOrMainActorWaiting(looked: looked, returned: returned)
  }
  await driver.app.model.updateModel(newDrinks: [drink], deletedDrinks: [])
  returned.open()
  let saved = drinksOnDisk(platform).contains { $0.uuid == drink.uuid }
  looked.open()
  platform.checkpoints.remove(at: .fileWriteStarting)
  try await platform.settle(driver)
  return .expect(
    saved,
    "updateModel returned before the new list was on disk: make it async, and await drinksUpdated(), "
      + "which awaits the store's save")
}

suite.check("the drinks are read and saved on the main queue") {
  // drinksUpdated() reads the list to save it: on the main actor, as the list's only writer,
  // or it reads main-queue state from a thread of the pool.
  let platform = try SimulatedPlatform()
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))
  let driver = CoffeeStep08.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now)
  try await platform.settle(driver)
  return MainQueueStateChecks.stayedOnMain(
    on: platform, during: "launching, loading from the health store and adding a drink")
}

suite.check("a background refresh completes its task only after the save") {
  try await CheckOutcome.all([
    { exploration.outcome(of: "write-lost-at-suspension") },
    { try await ScenarioChecks.holds("background-refresh", on: variant) },
    { try await ScenarioChecks.holds("day-of-coffee", on: variant) },
  ])
}

suite.check("every change of the drinks is still saved and shown") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("add-drink-active", on: variant) },
    { try await ScenarioChecks.holds("launch-with-saved-file", on: variant) },
    { try await ScenarioChecks.holds("health-sync-adds-and-deletes", on: variant) },
  ])
}

suite.check("the health controller is still an actor") {
  // Exercise 06's lesson, which this step's edits to HealthKitController.swift must keep: see
  // HealthControllerForm for why the form, not a behaviour, is what can be checked.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep08.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  return HealthControllerForm.staysAnActor(driver.app.model.healthKitController)
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
