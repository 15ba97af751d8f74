// The checks of exercise 17: an isolated conformance, the model's summary on the main actor.
import CheckReporting
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep17

let variant = Variant(name: "exercise 17") { CoffeeStep17.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 17)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

suite.check("CoffeeData describes itself through a main-actor isolated conformance") {
  let sources = try ExerciseSources()
  let code = try sources.code(of: "CoffeeData.swift")
  // The conformance, spelled `@MainActor` or not: under the module's default isolation a plain
  // conformance of a main-actor type is main-actor isolated too (SE-0466, SE-0470; probe:
  // default-isolation-infers-isolated-conformance). The compiler judges its isolation below.
  let declared = code.range(
    of: #"(extension|class)\s+CoffeeData\s*:[^{]*CustomStringConvertible"#,
    options: .regularExpression)
  guard declared != nil else {
    return .fail(
      "no conformance of CoffeeData to CustomStringConvertible in "
        + "\(sources.place(of: "CoffeeData.swift")): write "
        + "`extension CoffeeData: @MainActor CustomStringConvertible`, with the `description` the "
        + "logs print")
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
  // The watch already holds two drinks from an earlier run, and another device wrote one: the
  // launch's health load adds it to a model that is not empty, so the summary the health
  // controller logs must be the model's, not one made of what the load alone brought.
  let platform = try SimulatedPlatform()
  let now = platform.clock.now
  let earlierRun = [
    Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(-3 * 3600)),
    Drink(mgCaffeine: 64, onDate: now.addingTimeInterval(-2 * 3600)),
  ]
  let encoder = PropertyListEncoder()
  encoder.outputFormat = .binary
  try platform.documents.seed(try encoder.encode(earlierRun), asFileNamed: Snapshot.fileName)
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: now.addingTimeInterval(-30 * 60))
  let driver = CoffeeStep17.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: now)
  try await platform.settle(driver)

  // The model logs its own summary, on the main queue, after each change.
  let summaryAfterDrink = String(describing: driver.app.model)
  let modelLogs = logLines(on: platform).filter {
    $0.category == "Model" && $0.message.contains(summaryAfterDrink)
  }
  guard !modelLogs.isEmpty else {
    return .fail(
      "no log message of the model names its summary \"\(summaryAfterDrink)\" after a drink was "
        + "added: log `\\(self)` in drinksUpdated()")
  }
  let offMain = modelLogs.filter { $0.context != .mainQueue }
  guard offMain.isEmpty else {
    return .fail("the model logged its summary off the main queue (\(offMain[0].context))")
  }

  // Another device writes one more drink, and the lab calls the health controller's load itself.
  // Its log line must be recorded by the time the load returns: read right at the return, on the
  // main actor, before anything else can run there.
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: now.addingTimeInterval(-10 * 60))
  let controller = driver.app.model.healthKitController
  let loadStart = platform.events.count
  let eventsAtReturn = try await resultOnceStill(on: platform, driver) { @MainActor in
    _ = await controller.loadNewDataFromHealthKit()
    return platform.events.count
  }
  guard let eventsAtReturn else {
    return .fail("the health controller's loadNewDataFromHealthKit() never returned")
  }
  let drinks = driver.app.model.currentDrinks
  guard drinks.count == earlierRun.count + 3 else {
    return .fail(
      "the model holds \(Wording.count(drinks.count, "drink")) after a launch with "
        + "\(Wording.count(earlierRun.count, "saved drink")), two drinks from another device and "
        + "one added, not \(earlierRun.count + 3)")
  }
  let summaryAfterLoad = String(describing: driver.app.model)
  let loadLogs = logLines(on: platform, since: loadStart).filter { $0.category == "HealthKit" }
  guard let logged = loadLogs.first(where: { $0.message.contains(summaryAfterLoad) }) else {
    let said = loadLogs.map { "\"\($0.message)\"" }.joined(separator: ", ")
    return .fail(
      "no log message of the health controller names the model's summary after its load "
        + "(\"\(summaryAfterLoad)\"); it logged: \(said.isEmpty ? "nothing" : said). After "
        + "`updateModel`, ask the model for its summary with `await model.description` and log "
        + "it: the model's, not one made of the drinks this load brought")
  }
  // Logged after the return: from a task of its own (`Task { ... }`), which nobody awaits.
  return .expect(
    logged.sequence < eventsAtReturn,
    "the health controller logged the model's summary only after loadNewDataFromHealthKit() had "
      + "returned: log it in the load itself, before it returns, not from a task of its own")
}

/// The log lines the platform recorded, from position `sequence` on.
@MainActor
func logLines(on platform: SimulatedPlatform, since sequence: Int = 0) -> [(
  sequence: Int, category: String, message: String, context: ExecutionContext
)] {
  platform.events.events(since: sequence).compactMap { event in
    guard case .log(_, let category, let message) = event.kind else { return nil }
    return (event.sequence, category, message, event.context)
  }
}

suite.check("every scenario of the behaviour suite still holds") {
  for scenario in Scenario.all {
    let outcome = try await ScenarioChecks.holds(scenario.id, on: variant)
    guard outcome == .pass else { return outcome }
  }
  return .pass
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()
