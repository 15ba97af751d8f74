// The checks of exercise 11: no reentrancy race between overlapping loads.
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep11

let variant = Variant(name: "exercise 11") { CoffeeStep11.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("two overlapping loads add each new sample once") {
  // Both queries are issued before either answers, if the controller lets them overlap: the
  // second load runs on the actor while the first one waits for its query.
  try await ScenarioChecks.survivesReplay("overlapping-loads", on: variant)
}

suite.check("three overlapping loads add each new sample once") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep11.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let now = platform.clock.now
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: now.addingTimeInterval(-30 * 60))

  // The first query answers at once. Just before the second one answers, another device adds a
  // sample, and that answer is held until a third query is issued too (one second at most):
  // loads that each wait for the previous one never issue it meanwhile; loads that both waited
  // for the first one and then started together both read the anchor it left.
  let queries = Counter()
  let secondSampleAdded = Gate()
  let thirdQueryIssued = Gate()
  platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
    switch queries.increment() {
    case 2:
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: 64, date: now.addingTimeInterval(-20 * 60))
      secondSampleAdded.open()
      thirdQueryIssued.wait(timeout: 1)
    case 3:
      secondSampleAdded.wait(timeout: 1)
      thirdQueryIssued.open()
    default:
      break
    }
  }
  for _ in 1...3 {
    driver.loadNewDataFromHealthKit { _ in }
  }
  try await platform.settle(driver)
  platform.checkpoints.remove(at: .healthCallbackDelivering(.query))

  let drinks = driver.currentDrinks
  let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
  return .expect(
    duplicates == 0 && drinks.count == 2,
    "\(drinks.count) drinks for 2 samples, \(duplicates) duplicated: two loads read the same "
      + "anchor. Each load must wait for the one started before it")
}

suite.check("health sync still adds, deletes and skips the app's own samples") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("health-sync-adds", on: variant) },
    { try await ScenarioChecks.holds("health-sync-deletes", on: variant) },
    { try await ScenarioChecks.holds("own-samples-not-duplicated", on: variant) },
  ])
}

suite.check("a failed or impossible load does not stop the next one") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("query-error", on: variant) },
    { try await ScenarioChecks.holds("health-store-unavailable", on: variant) },
    { try await ScenarioChecks.holds("day-of-coffee", on: variant) },
  ])
}

await suite.run()
