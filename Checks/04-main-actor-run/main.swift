// The checks of exercise 04: `await MainActor.run`, and a `let` instead of a captured `var`.
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep04

let variant = Variant(name: "exercise 04") { CoffeeStep04.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("a load returns only once the model holds the new drinks") {
  try await ModelUpdateChecks.loadReturnsAfterModelUpdate(on: variant) { driver in
    let controller = (driver as! CoffeeStep04.LabDriver).app.model.healthKitController
    return { await controller.loadNewDataFromHealthKit() }
  }
}

suite.check("no captured var is left in loadNewDataFromHealthKit()") {
  // The compiler's lesson: "reference to captured var in concurrently-executing code", a warning
  // in the exercise's Swift 5 mode and an error in the Swift 6 mode. Only the diagnostics inside
  // loadNewDataFromHealthKit count.
  let sources = try ExerciseSources()
  let file = "HealthKitController.swift"
  let outline = SourceOutline(source: try sources.text(of: file))
  let captured = try typeCheckDiagnostics(of: sources, moduleName: "CoffeeStep04").filter {
    diagnostic in
    diagnostic.fileName == file && diagnostic.message.contains("captured var")
      && outline.declarationPath(atLine: diagnostic.line)
        .starts(with: ["HealthKitController", "loadNewDataFromHealthKit"])
  }
  guard let first = captured.first else { return .pass }
  return .fail(
    "the compiler still reports, line \(first.line): \(first.message). Declare `let newDrinks: "
      + "[Drink]` and assign it in both branches, so that there is no var to capture")
}

suite.check("health sync still adds and deletes drinks") {
  try await ScenarioChecks.holds(
    "health-sync-adds-and-deletes", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("a background refresh completes its task after saving the new drinks") {
  try await ScenarioChecks.holds(
    "background-refresh", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

await suite.run()

// MARK: - The compiler, in the exercise's own language mode

/// The diagnostics of the exercise's sources type-checked in the Swift 5 language mode, the
/// exercise's own: there, what the Swift 6 mode refuses is a warning, and one error elsewhere in
/// the module does not hide it. (`CompilerChecks.swift6Diagnostics` runs the Swift 6 mode, where
/// the type checker's errors elsewhere in this module stop the compiler before its data-race
/// diagnostics.)
func typeCheckDiagnostics(of sources: ExerciseSources, moduleName: String) throws
  -> [CompilerDiagnostic]
{
  try CompilerDiagnostics.diagnostics(
    compiling: [
      "-typecheck", "-swift-version", "5", "-diagnostic-style", "llvm", "-no-color-diagnostics",
      "-module-name", moduleName, "-I", CompilerChecks.builtModules.path,
    ] + CompilerChecks.files(of: sources))
}

// MARK: - The app's async work, where the check can wait for it
