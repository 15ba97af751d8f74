// The checks of exercise 04: `await MainActor.run`, and a `let` instead of a captured `var`.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import CompilerDiagnostics
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep04

let variant = Variant(name: "exercise 04") { CoffeeStep04.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 4)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()
CompilerWarnings.show(moduleName: "CoffeeStep04", files: ["HealthKitController.swift"])

suite.check("a load returns only once the model holds the new drinks") {
  try await ModelUpdateChecks.loadReturnsAfterModelUpdate(on: variant) { driver in
    let controller = (driver as! CoffeeStep04.LabDriver).app.model.healthKitController
    return { await controller.loadNewDataFromHealthKit() }
  }
}

suite.check("no captured var is left in loadNewDataFromHealthKit()") {
  // The compiler's lesson in the exercise's Swift 5 mode: a `var` captured by the `@MainActor
  // @Sendable` closure of `MainActor.run` is a warning in the group SendableClosureCaptures. The
  // Swift 6 mode accepts this capture (region-based isolation, SE-0414, sees that the load awaits
  // the closure), so the Swift 5 mode is the one that can tell. Only diagnostics inside
  // loadNewDataFromHealthKit count, matched by group, never by wording.
  let sources = try ExerciseSources()
  let file = "HealthKitController.swift"
  let source = try sources.text(of: file)
  let outline = SourceOutline(source: source)
  let function = ["HealthKitController", "loadNewDataFromHealthKit"]
  let captured = try CompilerChecks.swift5TypeCheckDiagnostics(
    of: sources, moduleName: "CoffeeStep04"
  ).filter {
    diagnostic in
    diagnostic.fileName == file && diagnostic.id == "concurrent_access_of_local_capture"
      && outline.declarationPath(atLine: diagnostic.line).starts(with: function)
  }
  if let first = captured.first {
    return .fail(
      "the compiler still reports, at \(sources.place(of: file, line: first.line)): "
        + "\(first.message) [#SendableClosureCaptures]. "
        + "Declare `let newDrinks: [Drink]` and assign it in both branches, so that there is no "
        + "var to capture")
  }
  // `nonisolated(unsafe) var` silences the warning without removing the shared variable.
  let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
  if let unsafeLine = (1...lineCount).first(where: { line in
    outline.declarationPath(atLine: line).starts(with: function)
      && outline.code(atLine: line)?.contains("nonisolated(unsafe)") == true
  }) {
    return .fail(
      "line \(unsafeLine) marks a variable `nonisolated(unsafe)`: that only stops the compiler "
        + "from checking it. Declare `let newDrinks: [Drink]` instead, so that there is no var to "
        + "capture")
  }
  return .pass
}

suite.check("nothing silences the compiler instead of fixing the code") {
  // `DispatchQueue.main.sync` waits for the update too, and its closure is not `@Sendable`, so
  // the captured-var warning goes: by blocking a thread of the pool until the main queue is free.
  try EscapeHatchChecks.noSilencers(
    [.mainQueueSync, .hatch(.assumeIsolated), .hatch(.uncheckedSendable), .hatch(.preconcurrency)],
    in: ["HealthKitController.swift"],
    problem: "the wait or the captured var, it blocks a thread or stops the checking",
    instead: "Await `MainActor.run { ... }`, and capture a `let`")
}

suite.check("health sync still adds and deletes drinks") {
  // Also a load that brings only deletions: it still has a model update to make.
  try await CheckOutcome.all([
    {
      try await ScenarioChecks.holds(
        "health-sync-adds-and-deletes", on: variant, stillExpected: [.blockingIOOnMainQueue])
    },
    {
      try await ScenarioChecks.holds(
        "health-sync-deletes", on: variant, stillExpected: [.blockingIOOnMainQueue])
    },
  ])
}

suite.check("a background refresh completes its task after saving the new drinks") {
  try await ScenarioChecks.holds(
    "background-refresh", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("every order of the app's work within one deviation keeps the app's rules") {
  exploration.outcome()
}

await suite.run()

// MARK: - The app's async work, where the check can wait for it
