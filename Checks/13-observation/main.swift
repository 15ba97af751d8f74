// The checks of exercise 13: @Observable instead of ObservableObject.
import CheckReporting
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import Observation
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep13

let variant = Variant(name: "exercise 13") { CoffeeStep13.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 13)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

/// What one observer of the model's drinks was told: for each change, whether it was made on the
/// main queue. Observation calls `onChange` on the thread that makes the change, before it.
final class ObservedChanges: Sendable {
  private let onMainQueue = PlatformLock<[Bool]>([])

  var count: Int { onMainQueue.withLock { $0.count } }
  var offMainQueue: Int { onMainQueue.withLock { $0.filter { !$0 }.count } }

  func record() {
    let isOnMainQueue = ExecutionContext.isOnMainQueue
    onMainQueue.withLock { $0.append(isOnMainQueue) }
  }
}

/// Reads the model's drinks the way a SwiftUI view's body does, tracked: the next change of
/// `currentDrinks` is recorded in `changes`.
@MainActor
func observeNextChange(of model: CoffeeData, into changes: ObservedChanges) {
  withObservationTracking {
    _ = model.currentDrinks
  } onChange: {
    changes.record()
  }
}

/// The three ways the drinks change, each watched by an observer of its own: the load at launch
/// (from a saved file), a drink the user adds, and a drink another device adds.
@MainActor
func observeEveryKindOfChange() async throws -> [(what: String, changes: ObservedChanges)] {
  let platform = try SimulatedPlatform()
  let now = platform.clock.now
  let encoder = PropertyListEncoder()
  encoder.outputFormat = .binary
  try platform.documents.seed(
    try encoder.encode([Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(-60 * 60))]),
    asFileNamed: Snapshot.fileName)
  let driver = CoffeeStep13.LabDriver.launch(on: platform)
  let model = driver.app.model

  // The model starts loading in a task, which cannot run before this check suspends.
  let loaded = ObservedChanges()
  observeNextChange(of: model, into: loaded)
  try await platform.settle(driver)

  let added = ObservedChanges()
  observeNextChange(of: model, into: added)
  driver.addDrink(mgCaffeine: 64, onDate: now)
  try await platform.settle(driver)

  let synced = ObservedChanges()
  observeNextChange(of: model, into: synced)
  platform.healthStore.addSampleFromAnotherDevice(
    mgCaffeine: 47, date: now.addingTimeInterval(-30 * 60))
  driver.loadNewDataFromHealthKit { _ in }
  try await platform.settle(driver)

  return [
    ("the drinks loaded at launch", loaded), ("a drink the user added", added),
    ("a drink from another device", synced),
  ]
}

suite.check("CoffeeData is @Observable, no longer an ObservableObject") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep13.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let model: Any = driver.app.model
  return .expect(
    model is any Observable && !(model is any ObservableObject),
    model is any Observable
      ? "CoffeeData is still an ObservableObject: Observation replaces it, drop the conformance"
      : "CoffeeData is not Observable: mark the class @Observable (import Observation)")
}

suite.check("views observing the drinks are told of every change") {
  let observed = try await observeEveryKindOfChange()
  let untold = observed.filter { $0.changes.count == 0 }.map(\.what)
  return .expect(
    untold.isEmpty,
    "no observer was told of \(untold.joined(separator: ", ")): currentDrinks must be an "
      + "observed property of an @Observable model")
}

suite.check("the drinks change on the main actor only") {
  let observed = try await observeEveryKindOfChange()
  let offMain = observed.filter { $0.changes.offMainQueue > 0 }.map(\.what)
  return .expect(
    offMain.isEmpty,
    "changed off the main queue: \(offMain.joined(separator: ", ")). Observation does not move "
      + "work to the main actor: the model must stay @MainActor")
}

suite.check("two drinks added in a row are both kept") {
  // A change prepared off the main actor and written back later overwrites whatever changed in
  // between: the model's read, change and write must be one step on the main actor.
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep13.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now.addingTimeInterval(-60))
  driver.addDrink(mgCaffeine: 95, onDate: platform.clock.now)
  try await platform.settle(driver)
  let kept = driver.currentDrinks.map(\.mgCaffeine).sorted()
  return .expect(
    kept == [64, 95],
    "after adding 64 mg and then 95 mg, the model holds \(Wording.drinks(kept)): one change "
      + "overwrote the "
      + "other (a lost update). Read, change and assign the list in one step on the main actor")
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
