// The checks of exercise 03: wrap the anchored query in a continuation.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep03

let variant = Variant(name: "exercise 03") { CoffeeStep03.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 3)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(moduleName: "CoffeeStep03", files: ["HealthKitController.swift"])

// The async form of `loadNewDataFromHealthKit`, found by overload resolution: the generic
// fallback is picked only when the controller has no `() async -> Bool` form yet, so the checks
// compile against the starter too.
func asyncLoad(_ load: @escaping () async -> Bool) -> (() async -> Bool)? { load }
func asyncLoad<Load>(_ load: Load) -> (() async -> Bool)? { nil }

suite.check("loadNewDataFromHealthKit() is async and returns a Bool") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep03.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  return .expect(
    asyncLoad(driver.app.model.healthKitController.loadNewDataFromHealthKit) != nil,
    "HealthKitController has no `func loadNewDataFromHealthKit() async -> Bool` yet: add it, "
      + "and keep the completion-handler form as a shim that calls it")
}

suite.check("loadNewDataFromHealthKit() answers on every path") {
  // Each case on a watch of its own: how the store behaves, and the answer the load must give.
  let cases: [(name: String, configure: (inout HealthStore.Behaviour) -> Void, answer: Bool)] = [
    ("health data is unavailable", { $0.isHealthDataAvailable = false }, false),
    ("the query fails", { $0.failsQueries = true }, false),
    ("the query succeeds", { _ in }, true),
  ]
  for (name, configure, expected) in cases {
    let platform = try SimulatedPlatform()
    platform.healthStore.configure(configure)
    let driver = CoffeeStep03.LabDriver.launch(on: platform)
    try await platform.settle(driver)
    guard let load = asyncLoad(driver.app.model.healthKitController.loadNewDataFromHealthKit)
    else {
      return .fail("there is no async loadNewDataFromHealthKit() to call yet")
    }
    guard let answer = try await resultOnceStill(on: platform, driver, { await load() }) else {
      return .fail(
        "when \(name), loadNewDataFromHealthKit() never returns: resume the continuation on "
          + "every path of the query's handler")
    }
    guard answer == expected else {
      return .fail("when \(name), loadNewDataFromHealthKit() answers \(answer), not \(expected)")
    }
  }
  return .pass
}

suite.check("a load returns only after the query has answered") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep03.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  guard let load = asyncLoad(driver.app.model.healthKitController.loadNewDataFromHealthKit) else {
    return .fail("there is no async loadNewDataFromHealthKit() to call yet")
  }
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 96, date: platform.clock.now.addingTimeInterval(-30 * 60))
  let (returned, looked, answered) = (Gate(), Gate(), Gate())
  // Hold the query's answer until the check has looked, or until the load can only be waiting
  // for it. A load that awaits the query cannot return before the answer reaches it, so only a
  // wrong answer returns while it is held. (The store computes its answer, and logs it, before
  // the app's handler is called, as HealthKit answers with what it held when the query ran: the
  // check asks whether the handler had been called.) No clock decides.
  platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
    Hold.untilLookedOrWaiting(looked: looked, returned: returned)
    answered.open()
  }
  let success = await Task.detached {
    let success = await load()
    returned.open()
    return success
  }.value
  let answeredFirst = answered.isOpen
  looked.open()
  platform.checkpoints.remove(at: .healthCallbackDelivering(.query))
  try await platform.settle(driver)
  guard answeredFirst else {
    return .fail(
      "loadNewDataFromHealthKit() returned before the query answered: await the query's "
        + "results through a continuation")
  }
  return .expect(success, "loadNewDataFromHealthKit() answered false for a successful query")
}

suite.check("the continuation is checked: no escape hatch hides a mistake") {
  // Continuation advice for a continuation only: `nonisolated(unsafe)` hides something else.
  try EscapeHatchChecks.noSilencers(
    in: ["HealthKitController.swift"],
    problem: "the controller's state shared across threads, it only stops the checking",
    instead: "Leave the concurrency warnings for now: exercise 06 makes the controller an actor",
    forUnsafeContinuation: (
      "a path that resumes twice or never, it only stops the runtime from reporting it",
      "Use withCheckedThrowingContinuation, which reports a second resume or a leak"
    ))
}

suite.check("health sync still adds and deletes drinks") {
  try await ScenarioChecks.holds(
    "health-sync-adds-and-deletes", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("a failed query still leaves the model as it was") {
  try await ScenarioChecks.holds(
    "query-error", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()

// MARK: - The app's async work, where the check can wait for it
