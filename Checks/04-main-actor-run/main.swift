// The checks of exercise 04: `await MainActor.run`, and a `let` instead of a captured `var`.
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep04

SerialPool.install()
let variant = Variant(name: "exercise 04") { CoffeeStep04.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("a load returns only once the model holds the new drinks") {
  try await loadReturnsAfterModelUpdate()
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
  let files = try FileManager.default.contentsOfDirectory(atPath: sources.directory.path)
    .filter { $0.hasSuffix(".swift") }.sorted()
    .map { sources.directory.appendingPathComponent($0).path }
  let modules = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("Modules")
  let process = Process()
  process.executableURL = try CompilerDiagnostics.findSwiftc()
  process.arguments =
    [
      "-typecheck", "-swift-version", "5", "-diagnostic-style", "llvm", "-no-color-diagnostics",
      "-module-name", moduleName, "-I", modules.path,
    ] + files
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return DiagnosticsParser.parse(String(decoding: output, as: UTF8.self))
    .filter { $0.severity != .note }
}

// MARK: - The load and the model update

/// Starts a load off the main actor while the main queue is held (one second at most): a load
/// that waits for the model update needs the main actor, so it cannot return meanwhile; one that
/// returns at once has left the model behind.
@MainActor
func loadReturnsAfterModelUpdate() async throws -> CheckOutcome {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep04.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let sample = platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 128, date: platform.clock.now.addingTimeInterval(-20 * 60))

  let controller = driver.app.model.healthKitController
  let returned = Gate()
  let load = Task.detached {
    let success = await controller.loadNewDataFromHealthKit()
    returned.open()
    return success
  }
  // Hold the main queue until the load has returned. The timeout is the safety net that lets a
  // right answer through.
  let returnedWhileMainWasHeld = returned.wait(timeout: 1)
  let success = await load.value
  let holdsDrink = driver.currentDrinks.contains { $0.uuid == sample.syncIdentifier }
  try await platform.settle(driver)

  if returnedWhileMainWasHeld {
    return .fail(
      "loadNewDataFromHealthKit() returned while the main actor was busy, so without updating "
        + "the model on the main actor first: await the update there before returning")
  }
  guard success else { return .fail("loadNewDataFromHealthKit() answered false") }
  return .expect(
    holdsDrink, "when loadNewDataFromHealthKit() returned, the model did not hold the new drink")
}

// MARK: - The app's async work, where the check can wait for it
