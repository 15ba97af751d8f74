// The checks of exercise 14: the main actor as the module's default isolation (SE-0466).
import CheckReporting
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

@testable import CoffeeStep14

let variant = Variant(name: "exercise 14") { CoffeeStep14.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 14)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

suite.check("the main actor is said once, by the module's default") {
  let sources = try ExerciseSources()
  var annotated: [String] = []
  for file in ["CoffeeData.swift", "CoffeeTrackerApp.swift"] {
    let lines = try sources.code(of: file).components(separatedBy: "\n")
    for (index, line) in lines.enumerated() where line.contains("@MainActor") {
      annotated.append(sources.place(of: file, line: index + 1))
    }
  }
  return .expect(
    annotated.isEmpty,
    "@MainActor is still written at \(annotated.joined(separator: ", ")): the module's default "
      + "isolation is the main actor now, so the annotation says nothing; remove it")
}

suite.check("the store actor keeps the file format in DrinkListFile") {
  let platform = try SimulatedPlatform()
  let driver = CoffeeStep14.LabDriver.launch(on: platform)
  try await platform.settle(driver)
  let store: Any = driver.app.model.store
  guard store is any Actor else {
    return .fail(
      "CoffeeDataStore is no longer an actor: a class in this module is on the main actor, and "
        + "its disk I/O with it. Keep the actor: actors keep their own isolation")
  }
  // The properties the learner declared, each "name: Type", without the actor's own storage.
  let properties = ReadableDescription.storedProperties(of: store)
  return .expect(
    properties.contains { $0.hasSuffix(": DrinkListFile") },
    "the store has no DrinkListFile property (its properties: \(properties.joined(separator: ", "))): "
      + "move the file's name, encoding and decoding into a DrinkListFile value the store keeps")
}

suite.check("no file I/O on the main queue, at launch or when saving") {
  // A saved list read at launch, and a drink added in the background and saved.
  for entry in ["nonsending-io-on-main", "blocking-io-on-main"] {
    let outcome = try await ScenarioChecks.survivesReplay(entry, on: variant)
    guard outcome == .pass else {
      guard case .fail(let message) = outcome else { return outcome }
      return .fail(
        message + ". DrinkListFile is main-actor isolated unless it says `nonisolated`, and an "
          + "`await` on it from the store hops to the main actor with the file I/O")
    }
  }
  return .pass
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
