// The checks of exercise 01: make `save(drink:)` async.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import RaceLab
import SimulatedPlatform
import SourceScan

@testable import CoffeeStep01

let variant = Variant(name: "exercise 01") { CoffeeStep01.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 1)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(
  moduleName: "CoffeeStep01", files: ["HealthKitController.swift", "CoffeeData.swift"])

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

suite.check("save(drink:) returns only once the health store has answered") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep01.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let controller = driver.app.model.healthKitController
  let drink = Drink(mgCaffeine: 64, onDate: platform.clock.now)
  let (returned, looked, answered) = (Gate(), Gate(), Gate())
  // Hold the store's answer until the check has looked, or until save(drink:) can only be
  // waiting for it. A save that awaits the store cannot return before the answer reaches it, so
  // only a wrong answer returns while it is held. (The store keeps the sample before it answers,
  // as HealthKit does, so the check asks whether the answer had come, not whether the sample is
  // there.) No clock decides.
  platform.checkpoints.install(at: .healthCallbackDelivering(.save)) {
    Hold.untilLookedOrWaiting(looked: looked, returned: returned)
    answered.open()
  }
  await Task.detached {
    await controller.save(drink: drink)
    returned.open()
  }.value
  let saved = answered.isOpen
  looked.open()
  platform.checkpoints.remove(at: .healthCallbackDelivering(.save))
  try await platform.settle(driver)
  guard !saved else { return .pass }
  // Behaviour cannot tell a task inside save(drink:) from a completion handler: both return
  // before the answer. The code can, so the advice names what this save(drink:) does.
  let body = try ExerciseSources().declaration(
    ["HealthKitController", "save"], in: "HealthKitController.swift")
  let startsTask = SwiftToken.tokenize(body ?? "").contains {
    $0.kind == .word && $0.text == "Task"
  }
  return .fail(
    startsTask
      ? "save(drink:) returned before the health store saved the sample: await the store's "
        + "answer in save(drink:) itself, not in a task of its own that nobody waits for"
      : "save(drink:) returned before the health store saved the sample: it does not await "
        + "the store. Call the store's async save, `try await store.save(caffeineSample)`, in "
        + "save(drink:) itself: a completion handler returns at once, and the caller's `await` "
        + "waits for nothing")
}

suite.check("each added drink is saved, as it was when added, read on the main queue") {
  // Two drinks in a row: each task must save the drink it was given, not whatever the model
  // holds when the task runs, on another thread.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep01.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now.addingTimeInterval(-60))
  driver.addDrink(mgCaffeine: 95, onDate: platform.clock.now)
  let added = driver.currentDrinks.suffix(2).map(\.uuid)
  try await platform.settle(driver)
  // The model's background queue still reads the list when a save ends: a race exercise 07 fixes.
  let race = MainQueueStateChecks.stayedOnMain(
    on: platform, during: "adding two drinks", stillExpected: [.queue("background queue")])
  guard race == .pass else { return race }
  let saved = Set(platform.healthStore.samples.compactMap(\.syncIdentifier))
  let missing = added.filter { !saved.contains($0) }
  return .expect(
    missing.isEmpty,
    "\(missing.count) of the 2 drinks added in a row never reached the health store: save the "
      + "drink addDrink made, the value at the time")
}

suite.check("adding drinks still saves them to the health store") {
  try await ScenarioChecks.holds("add-drink-active", on: variant)
}

suite.check("a refused sample is still kept on the watch") {
  try await ScenarioChecks.holds("save-error", on: variant)
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
