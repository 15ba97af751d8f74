// The checks of exercise 09: put CoffeeData on the main actor.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep09

let variant = Variant(name: "exercise 09") { CoffeeStep09.LabDriver.launch(on: $0) }
// A write lost at suspension, explored as at step 08: a background refresh, the app's work in
// any order. The scenarios below run on real threads, where a save left in flight may or may
// not land before the task is completed; explored, the verdict is the same on every run.
let exploration = ExplorationCheck(
  variant, step: 9, races: [("write-lost-at-suspension", ["background-refresh+in-flight"])])
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

suite.check("the model runs on the main actor, whoever calls it") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep09.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let model = driver.app.model
  let now = platform.clock.now
  let mark = platform.publishedChanges.all.count
  // A caller off the main actor adds a drink. On a main-actor model the call hops to the main
  // actor (hence the `await`); on any other model it runs right here, off the main queue.
  await Task.detached {
    await model.addDrink(mgCaffeine: 64, onDate: now)
  }.value
  try await platform.settle(driver)
  let changes = platform.publishedChanges.all.dropFirst(mark)
  let offMain = changes.filter(\.isOffMainQueue)
  return .expect(
    !changes.isEmpty && offMain.isEmpty,
    "a drink added from a background task changed the published list off the main queue "
      + "(\(offMain.count) of \(changes.count) changes): put the whole model on the main actor")
}

suite.check("the whole model type is on the main actor") {
  // Members annotated one by one can each be right and still leave the rest, such as the
  // published list's getter, to whoever calls them. No behaviour tells the two apart, so the
  // compiler is the judge: a class isolated to the main actor as a whole is implicitly
  // `Sendable` (https://developer.apple.com/documentation/swift/sendable), and one with
  // main-actor members only is not. The probe hands the model over as `any Sendable`; in the
  // Swift 6 mode it compiles without a diagnostic only for a main-actor class.
  let probe = """
    func labProbeSharesTheModel(_ model: CoffeeData) -> any Sendable { model }
    """
  let diagnostics = try CompilerChecks.probeDiagnostics(
    appending: probe, to: "CoffeeData.swift", of: try ExerciseSources(), moduleName: "CoffeeStep09")
  return .expect(
    diagnostics.isEmpty,
    "CoffeeData itself is not on the main actor (the compiler says: "
      + "\(diagnostics.first?.message ?? "?")): members marked one by one leave the others, "
      + "`currentDrinks` and the health controller included, to whoever calls them. Mark the "
      + "class `@MainActor`")
}

suite.check("the drinks loaded at launch are published on the main queue") {
  try await CheckOutcome.all([
    { try await ScenarioChecks.holds("first-launch", on: variant) },
    { try await ScenarioChecks.holds("launch-with-saved-file", on: variant) },
    { try await ScenarioChecks.holds("corrupt-data-file", on: variant) },
  ])
}

suite.check("the complication still shows the caffeine level") {
  try await ScenarioChecks.holds("add-drink-active", on: variant)
}

suite.check("health data and background refreshes still reach the model") {
  try await CheckOutcome.all([
    { exploration.outcome(of: "write-lost-at-suspension") },
    { try await ScenarioChecks.holds("health-sync-adds-and-deletes", on: variant) },
    { try await ScenarioChecks.holds("authorization-denied", on: variant) },
    { try await ScenarioChecks.holds("day-of-coffee", on: variant) },
  ])
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
