// The checks of exercise 05: `@MainActor` instead of a main-thread assertion.
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep05

SerialPool.install()
let variant = Variant(name: "exercise 05") { CoffeeStep05.LabDriver.launch(on: $0) }
let suite = CheckSuite()

suite.check("updateModel(newDrinks:deletedDrinks:) is isolated to the main actor") {
  // The compiler is the judge: a probe calling updateModel from a synchronous, nonisolated
  // function must be refused because updateModel is isolated to the main actor. (updateModel is
  // private, so the probe goes into the same file, as an extension.)
  let probe = """
    extension HealthKitController {
      nonisolated func labProbeUpdatesTheModelOffTheMainActor() {
        updateModel(newDrinks: [], deletedDrinks: [])
      }
    }
    """
  let diagnostics = try probeDiagnostics(appending: probe, to: "HealthKitController.swift")
  let errors = diagnostics.filter { $0.severity == .error }
  if errors.contains(where: { $0.message.contains("main actor-isolated") }) { return .pass }
  if errors.contains(where: { $0.message.contains("'async' call") }) {
    return .fail(
      "updateModel(newDrinks:deletedDrinks:) is async: keep it synchronous in this exercise (it "
        + "becomes async later, with drinksUpdated())")
  }
  if let error = errors.first {
    return .fail(
      "the lab could not call HealthKitController.updateModel(newDrinks:deletedDrinks:) "
        + "(\(error.message)): keep its name and parameters")
  }
  return .fail(
    "updateModel(newDrinks:deletedDrinks:) can be called from any thread: the compiler does not "
      + "know it must run on the main actor. Mark it @MainActor, so that it refuses such calls")
}

suite.check("a load still returns only once the model holds the new drinks") {
  try await loadReturnsAfterModelUpdate()
}

suite.check("health sync still adds and deletes drinks") {
  try await ScenarioChecks.holds(
    "health-sync-adds-and-deletes", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

suite.check("a background refresh still completes its task after saving the new drinks") {
  try await ScenarioChecks.holds(
    "background-refresh", on: variant, stillExpected: [.blockingIOOnMainQueue])
}

await suite.run()

// MARK: - The load and the model update

/// Starts a load off the main actor while the main queue is held (one second at most): a load
/// that waits for the model update needs the main actor, so it cannot return meanwhile; one that
/// returns at once has left the model behind.
@MainActor
func loadReturnsAfterModelUpdate() async throws -> CheckOutcome {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep05.LabDriver.launch(on: platform)
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

// MARK: - A compiler probe

/// Compiles the exercise's sources, with `probe` appended to `file`, in the Swift 6 language
/// mode, and returns the diagnostics on the probe's lines.
func probeDiagnostics(appending probe: String, to file: String) throws -> [CompilerDiagnostic] {
  let sources = try ExerciseSources()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-probe-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var firstProbeLine = 0
  for name in try FileManager.default.contentsOfDirectory(atPath: sources.directory.path)
  where name.hasSuffix(".swift") {
    var text = try sources.text(of: name)
    if name == file {
      firstProbeLine = text.components(separatedBy: "\n").count + 1
      text += "\n" + probe + "\n"
    }
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
  let diagnostics = try CompilerChecks.swift6Diagnostics(
    of: ExerciseSources(path: folder.path), moduleName: "CoffeeStep05")
  return diagnostics.filter { $0.fileName == file && $0.line >= firstProbeLine }
}

// MARK: - The app's async work, where the check can wait for it
