// The checks of exercise 07: factor the background queue out into an actor.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Dispatch
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep07

let variant = Variant(name: "exercise 07") { CoffeeStep07.LabDriver.launch(on: $0) }
// The saved-value race, explored: drinks added in a row, one of them at any moment of the
// saves in flight.
let exploration = ExplorationCheck(
  variant, step: 7,
  races: [("saved-value-race", ["add-drink-active+in-flight", "drinks-in-a-row+in-flight"])])
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(moduleName: "CoffeeStep07", files: ["CoffeeData.swift"])

suite.check("the saved value is the list that was written") {
  // The scheduler orders tasks, actors and the queues of `ScheduledQueues.swift`, not the blocks
  // of Dispatch's own queues: with one left in the model (the lab's file deleted), no order of
  // the saves can be explored, and the race is not shown absent.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep07.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let queues = Mirror(reflecting: driver.app.model).children
    .filter { $0.value is Dispatch.DispatchQueue }.map { $0.label ?? "a queue" }
  guard queues.isEmpty else {
    return .fail(
      "CoffeeData still keeps a Dispatch queue (`\(queues.joined(separator: "`, `"))`) for its "
        + "disk I/O, whose blocks run whenever the machine lets them: no order of the saves can be "
        + "explored, and the saved-value race stays. Move save() and load() into "
        + "`actor CoffeeDataStore`, with savedValue, and drop the queue")
  }
  // Among the orders explored: a save still writing when the next drink is stored. A save that
  // records the list it encoded still saves that drink; one that records the model's list then
  // finds nothing to save.
  return exploration.outcome(of: "saved-value-race")
}

suite.check("each save gets the list as it was, read on the main queue") {
  // didSet runs on the main queue; the task it starts does not. A task that reads the model
  // when it runs reads main-queue state from another thread, and maybe a later list.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep07.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now.addingTimeInterval(-60))
  driver.addDrink(mgCaffeine: 95, onDate: platform.clock.now)
  try await platform.settle(driver)
  return MainQueueStateChecks.stayedOnMain(on: platform, during: "adding two drinks")
}

suite.check("saving never blocks the main queue, even in the background") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.survivesReplay("blocking-io-on-main", on: variant) },
    { try await ScenarioChecks.holds("add-drink-background", on: variant) },
  ])
}

suite.check("adding drinks still saves them") {
  try await ScenarioChecks.holds("add-drink-active", on: variant)
}

suite.check("the saved drinks are still loaded at launch") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("first-launch", on: variant) },
    { try await ScenarioChecks.holds("launch-with-saved-file", on: variant) },
    { try await ScenarioChecks.holds("corrupt-data-file", on: variant) },
  ])
}

suite.check("drinks from the health store are still saved") {
  try await ScenarioChecks.holds("health-sync-adds-and-deletes", on: variant)
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
