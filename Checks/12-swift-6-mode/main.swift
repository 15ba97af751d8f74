// The checks of exercise 12: the Swift 6 language mode, with no warnings.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import LabCheckKit
import SimulatedPlatform

@testable import CoffeeStep12

let variant = Variant(name: "exercise 12") { CoffeeStep12.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 12)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

suite.check("the app compiles in the Swift 6 language mode with no warning") {
  // The lab builds this exercise in the Swift 6 mode with warnings as errors, or it would not
  // run these checks at all; compiling the files once more, whatever the build settings say,
  // keeps the verdict in the code.
  let diagnostics = try CompilerChecks.swift6Diagnostics(
    of: try ExerciseSources(), moduleName: "CoffeeStep12")
  return .expect(
    diagnostics.isEmpty,
    "\(diagnostics.count) diagnostics: "
      + diagnostics.prefix(3).map { "\($0.fileName):\($0.line): \($0.message)" }
      .joined(separator: "; "))
}

suite.check("the completion-handler forms take @Sendable handlers") {
  // The type of a form's handler, as the compiler inferred it: `@Sendable` is part of a function
  // type, at compile time and at run time alike.
  func handlerType<Handler>(_ form: (Handler) -> Void) -> Any.Type { Handler.self }
  let sendableHandler: Any.Type = (@Sendable (Bool) -> Void).self
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep12.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let controller = driver.app.model.healthKitController
  return .expect(
    handlerType(controller.requestAuthorization(completionHandler:)) == sendableHandler
      && handlerType(controller.loadNewDataFromHealthKit(completionHandler:)) == sendableHandler,
    "a completion handler is not @Sendable: the shim calls it from a task, on any thread; say "
      + "so in its type instead of silencing the compiler")
}

suite.check("nothing silences the compiler instead of fixing the code") {
  try EscapeHatchChecks.noSilencers(
    in: ["HealthKitController.swift", "ExtensionDelegate.swift"],
    problem: "a handler called from another thread, it only stops the checking",
    instead: "Say what is true in the handler's type: `@escaping @Sendable (Bool) -> Void`")
}

suite.check("the completion-handler forms are still deprecated") {
  // Deleting `@available(*, deprecated)` makes the warnings at the old call sites go, and the
  // calls stay. A probe calls both forms: the compiler must warn, matched by diagnostic group.
  let probe = """
    extension HealthKitController {
      nonisolated func labProbeCallsTheCompletionHandlerForms() {
        requestAuthorization { _ in }
        loadNewDataFromHealthKit { _ in }
      }
    }
    """
  let sources = try ExerciseSources()
  let diagnostics = try CompilerChecks.probeDiagnostics(
    appending: probe, to: "HealthKitController.swift", of: sources, moduleName: "CoffeeStep12")
  let deprecated = Set(
    diagnostics.filter { $0.group == "DeprecatedDeclaration" }.map(\.line))
  return .expect(
    deprecated.isSuperset(of: [3, 4]),
    "\(sources.place(of: "HealthKitController.swift")): a completion-handler form is no longer "
      + "deprecated: this silences "
      + "the compiler; it does not fix the callers that still use it. Keep `@available(*, "
      + "deprecated, ...)` on both shims, and move applicationDidBecomeActive() to the async forms")
}

suite.check("every scenario of the behaviour suite holds") {
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
