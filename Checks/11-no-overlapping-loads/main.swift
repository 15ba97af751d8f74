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
let exploration = ExplorationCheck(variant, targets: ExplorationCheck.interleavings(forStep: 11))
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(moduleName: "CoffeeStep11", files: ["HealthKitController.swift"])

suite.check("a load started as an earlier one ends still waits its turn") {
  // Load 2 starts while load 1 waits for its query; load 3 starts once load 1 has returned,
  // while load 2's query is held. A controller that forgets the load in progress when load 1
  // ends (clearing the newest handle rather than its own) lets load 3 run beside load 2: both
  // read the anchor load 1 left, and the sample added meanwhile comes in twice. No clock
  // decides: each query is held until the next load is provably waiting, or has queried.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep11.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let controller = driver.app.model.healthKitController
  let now = platform.clock.now
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: now.addingTimeInterval(-30 * 60))
  let queries = Counter()
  let (firstQueried, secondStarted) = (Gate(), Gate())
  let (thirdStarted, thirdQueried) = (Gate(), Gate())
  func untilWaiting(_ started: Gate, or queried: Gate? = nil) {
    while queried?.isOpen != true && !(started.isOpen && !ActivityMonitor.globalExecutorIsBusy) {
      usleep(200)
    }
  }
  platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
    switch queries.increment() {
    case 1:
      // Added once the first answer is computed: every later query from its anchor returns it.
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: 64, date: now.addingTimeInterval(-20 * 60))
      firstQueried.open()
      untilWaiting(secondStarted)
    case 2:
      untilWaiting(thirdStarted, or: thirdQueried)
    case 3: thirdQueried.open()
    default: break
    }
  }
  let first = Task.detached { await controller.loadNewDataFromHealthKit() }
  // The second starts once the first is waiting for its query, whatever order tasks run in.
  await firstQueried.opened()
  let second = Task.detached { await controller.loadNewDataFromHealthKit() }
  secondStarted.open()
  _ = await first.value
  let third = Task.detached { await controller.loadNewDataFromHealthKit() }
  thirdStarted.open()
  _ = await (second.value, third.value)
  try await platform.settle(driver)
  platform.checkpoints.remove(at: .healthCallbackDelivering(.query))

  let drinks = driver.currentDrinks
  let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
  return .expect(
    duplicates == 0 && drinks.count == 2,
    "\(Wording.count(drinks.count, "drink")) for 2 samples, \(duplicates) duplicated: a load "
      + "that started after "
      + "the first one ended ran beside the second. Forget a load only if it is still the latest")
}

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

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  try exploration.outcome()
}

await suite.run()
