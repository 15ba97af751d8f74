// The checks of exercise 02: an async `requestAuthorization()`, and a caller that no longer hangs.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep02

let variant = Variant(name: "exercise 02") { CoffeeStep02.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 2)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
// The shim's deprecation warnings too, where the app still calls it: the places left to migrate.
CompilerWarnings.show(
  moduleName: "CoffeeStep02", files: ["HealthKitController.swift"],
  deprecatedCallsIn: ["CoffeeData.swift", "ExtensionDelegate.swift"])

// The async form of `requestAuthorization`, found by overload resolution: the generic fallback
// is picked only when the controller has no `() async -> Bool` form yet, so the checks compile
// against the starter too.
func asyncRequest(_ request: @escaping () async -> Bool) -> (() async -> Bool)? { request }
func asyncRequest<Request>(_ request: Request) -> (() async -> Bool)? { nil }

suite.check("requestAuthorization() is async and returns a Bool") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep02.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  return .expect(
    asyncRequest(driver.app.model.healthKitController.requestAuthorization) != nil,
    "HealthKitController has no `func requestAuthorization() async -> Bool` yet: add the async "
      + "alternative, and keep the completion-handler form as a shim that calls it")
}

suite.check("requestAuthorization() answers on every path") {
  // Each case on a watch of its own: how the store behaves, and the answer it must give.
  let cases: [(name: String, configure: (inout HealthStore.Behaviour) -> Void, answer: Bool)] = [
    ("health data is unavailable", { $0.isHealthDataAvailable = false }, false),
    ("the request fails", { $0.failsAuthorization = true }, false),
    ("the user grants sharing", { _ in }, true),
    ("the user denies sharing", { $0.grantsAuthorization = false }, true),
  ]
  for (name, configure, expected) in cases {
    let platform = try SimulatedPlatform()
    platform.healthStore.configure(configure)
    let driver = CoffeeStep02.LabDriver.launch(on: platform)
    try await platform.settle(driver)
    let controller = driver.app.model.healthKitController
    guard let request = asyncRequest(controller.requestAuthorization) else {
      return .fail("there is no async requestAuthorization() to call yet")
    }
    guard let answer = try await resultOnceStill(on: platform, driver, { await request() }) else {
      return .fail(
        "when \(name), requestAuthorization() never returns: a path leaves without an answer")
    }
    guard answer == expected else {
      return .fail("when \(name), requestAuthorization() answers \(answer), not \(expected)")
    }
    if expected && !controller.isAuthorized {
      return .fail("when \(name), requestAuthorization() answers true but isAuthorized is false")
    }
    // The launch's request failed too, so nothing but this request could have set the flag.
    if !expected && controller.isAuthorized {
      return .fail(
        "when \(name), requestAuthorization() answers false but isAuthorized is true: set it "
          + "only once the store has answered the request without an error")
    }
  }
  return .pass
}

suite.check("requestAuthorization() answers once the store has answered") {
  // The launch's request fails; the store works again for the request under test, so an answer
  // made of what is known before the store answers (the `isAuthorized` flag) is stale.
  let platform = try SimulatedPlatform()
  platform.healthStore.configure { $0.failsAuthorization = true }
  let driver = CoffeeStep02.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  platform.healthStore.configure { $0.failsAuthorization = false }
  let controller = driver.app.model.healthKitController
  guard let request = asyncRequest(controller.requestAuthorization) else {
    return .fail("there is no async requestAuthorization() to call yet")
  }
  let (returned, looked, answered) = (Gate(), Gate(), Gate())
  // Hold the store's answer until the check has looked, or until the request can only be
  // waiting for it: a request that awaits the store cannot return before the answer reaches it,
  // so only a wrong answer returns while it is held. No clock decides.
  platform.checkpoints.install(at: .healthCallbackDelivering(.authorization)) {
    Hold.untilLookedOrWaiting(looked: looked, returned: returned)
    answered.open()
  }
  let answer = await Task.detached {
    let answer = await request()
    returned.open()
    return answer
  }.value
  let answeredFirst = answered.isOpen
  looked.open()
  platform.checkpoints.remove(at: .healthCallbackDelivering(.authorization))
  try await platform.settle(driver)
  guard answeredFirst else {
    return .fail(
      "requestAuthorization() answered \(answer) before the health store answered: it starts "
        + "the request and returns what is known now. Await the store's answer (its async "
        + "`requestAuthorization()`, or a continuation resumed in the callback) and answer with it")
  }
  return .expect(
    answer,
    "after a failed request, a request the store grants answered false: answer with "
      + "what the store said this time")
}

suite.check("no escape hatch silences the compiler or the runtime checks") {
  // The store has an async form, so this step needs no continuation. One that wraps the old
  // callback instead must be a checked one: an unsafe continuation behaves the same until a path
  // resumes it twice or never, and then nothing reports it.
  try EscapeHatchChecks.noSilencers(
    in: ["HealthKitController.swift"],
    problem: "the controller's state written from other threads, it only stops the checking",
    instead: "Leave the concurrency warnings for now: exercise 06 makes the controller an actor",
    forUnsafeContinuation: (
      "a path that resumes twice or never, it only stops the runtime from reporting it",
      "Await the store's async requestAuthorization(), or use withCheckedContinuation"
    ))
}

suite.check("an unavailable health store no longer hangs the caller") {
  try await ScenarioChecks.survivesReplay("authorization-never-answered", on: variant)
}

suite.check("a watch without health data keeps its drinks and answers every request") {
  try await ScenarioChecks.holds(
    "health-store-unavailable", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("a denied request is still answered") {
  try await ScenarioChecks.holds(
    "authorization-denied", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()

// MARK: - The app's async work, where the check can wait for it
