// The checks of exercise 17: an isolated conformance, the model's summary on the main actor.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep17

let variant = Variant(name: "exercise 17") { CoffeeStep17.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("CoffeeData describes itself through a main-actor isolated conformance") {
  let code = try ExerciseSources().code(of: "CoffeeData.swift")
  let spelled = code.range(
    of: #"(extension|class)\s+CoffeeData\s*:[^{]*@MainActor\s+CustomStringConvertible"#,
    options: .regularExpression)
  guard spelled != nil else {
    return .fail(
      "no `extension CoffeeData: @MainActor CustomStringConvertible` in CoffeeData.swift: write "
        + "the conformance, and say its isolation where its users will look for it")
  }
  // The compiler is the judge of the isolation: a use of the conformance on an actor must be
  // refused (SE-0470), and a use on the main actor accepted. A nonisolated conformance (its
  // `description` marked `nonisolated`, or `@preconcurrency`) passes the first and fails here.
  let probe = """
    actor LabProbeActor {
      func labProbeUsesTheConformanceOnAnActor(_ model: CoffeeData) -> any CustomStringConvertible {
        model
      }
    }
    func labProbeUsesTheConformanceOnTheMainActor(_ model: CoffeeData) -> any CustomStringConvertible {
      model
    }
    """
  let (onActorLine, onMainLine) = (3, 7)
  let diagnostics = try CompilerChecks.probeDiagnostics(
    appending: probe, to: "CoffeeData.swift", of: try ExerciseSources(),
    moduleName: "CoffeeStep17",
    // The module's default isolation decides the conformance's isolation: build as it does.
    settings: try CompilerChecks.moduleCompilerFlags())
  let errors = diagnostics.filter { $0.severity == .error }
  // Matched by diagnostic ID and group, never by wording, which changes between compilers.
  let refusedOnActor = errors.contains {
    $0.line == onActorLine
      && ($0.id == "isolated_conformance_wrong_domain" || $0.group == "IsolatedConformances")
  }
  if refusedOnActor && !errors.contains(where: { $0.line == onMainLine }) { return .pass }
  if let error = errors.first(where: { $0.line == onMainLine }) ?? errors.first {
    return .fail("the lab's probe of the conformance does not compile: \(error.message)")
  }
  return .fail(
    "CoffeeData's conformance to CustomStringConvertible can be used off the main actor, so it "
      + "is not isolated: `description` reads main-actor state, so let it stay on the main actor "
      + "(no `nonisolated` on `description`, no `@preconcurrency` on the conformance)")
}

suite.check("nothing silences the compiler instead of fixing the code") {
  try EscapeHatchChecks.noSilencers(
    [
      .hatch(.nonisolatedUnsafe), .hatch(.uncheckedSendable), .hatch(.assumeIsolated),
      .hatch(.preconcurrency),
    ],
    in: ["CoffeeData.swift", "HealthKitController.swift"],
    problem: "the use of the model's main-actor state off the main actor",
    instead:
      "Keep the conformance on the main actor, and let the health controller ask for the summary "
      + "with `await model.description`")
}

suite.check("the model's summary is logged on the main queue, and by the health controller") {
  // A drink from another device arrives with the launch's first health load.
  let platform = try SimulatedPlatform()
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))
  let driver = CoffeeStep17.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now)
  try await platform.settle(driver)

  // The summaries the model had: after the load of the other device's drink, and now.
  let summaryNow = String(describing: driver.app.model)
  let drinks = driver.app.model.currentDrinks
  guard drinks.count == 2 else {
    return .fail(
      "the model holds \(drinks.count) drinks after a health load and a new drink, not 2")
  }
  // After the load, the model held only the other device's drink, the earlier of the two.
  let caffeineAfterLoad = [drinks[0]].totalCaffeine(at: platform.clock.now)
  let afterLoad = "drinks: 1, caffeine now: \(Int(caffeineAfterLoad.rounded())) mg"
  let logs = platform.events.all.compactMap { event -> (String, String, ExecutionContext)? in
    if case .log(_, let category, let message) = event.kind {
      return (category, message, event.context)
    }
    return nil
  }
  let modelLogs = logs.filter { $0.0 == "Model" && $0.1.contains(summaryNow) }
  guard !modelLogs.isEmpty else {
    return .fail(
      "no log message of the model names its summary \"\(summaryNow)\" after a drink was added: "
        + "log `\\(self)` in drinksUpdated()")
  }
  let offMain = modelLogs.filter { $0.2 != .mainQueue }
  guard offMain.isEmpty else {
    return .fail("the model logged its summary off the main queue (\(offMain[0].2))")
  }
  return .expect(
    logs.contains { $0.0 == "HealthKit" && $0.1.contains(afterLoad) },
    "no log message of the health controller names the model's summary after its load "
      + "(\"\(afterLoad)\"): after `updateModel`, get it with `await model.description` and log it")
}

suite.check("a save that lands while load() reads the file still reaches the disk") {
  try await SaveDuringLaunchReadCheck.outcome(on: variant)
}

suite.check("every scenario of the behaviour suite still holds") {
  for scenario in Scenario.all {
    let outcome = try await ScenarioChecks.holds(scenario.id, on: variant)
    guard outcome == .pass else { return outcome }
  }
  return .pass
}

suite.check("the launch loads from Health only once the saved list is loaded") {
  try await HealthLoadDuringLaunchReadCheck.outcome(on: variant)
}

suite.check("saves in flight land in order, and the file ends as the model's list") {
  try await SavesInFlightCheck.outcome(on: variant)
}

suite.check("a seeded stress with overlapping work breaks none of the app's rules") {
  try await StressCheck.outcome(on: variant)
}

await suite.run()
