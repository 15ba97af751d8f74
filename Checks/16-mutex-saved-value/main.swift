// The checks of exercise 16: a Mutex for a value several isolation domains touch synchronously.
import CoffeeChecks
import CoffeeDomain
import CoffeeScenarios
import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform
import SourceScan

@testable import CoffeeStep16

let variant = Variant(name: "exercise 16") { CoffeeStep16.LabDriver.launch(on: $0) }
let exploration = ExplorationCheck(variant, step: 16)
// In the child process that the exploring check starts, this explores and exits, before any task.
exploration.exploreIfAsked()
let suite = CheckSuite()

/// The constructs that opt a stored value out of the compiler's data-race checking, found in the
/// learner's code (comments aside).
func escapeHatches() throws -> [String] {
  let sources = try ExerciseSources()
  let lines = try sources.code(of: "CoffeeData.swift").components(separatedBy: "\n")
  return lines.enumerated().compactMap { index, line in
    ["nonisolated(unsafe)", "@unchecked"].first { line.contains($0) }.map {
      "\(sources.place(of: "CoffeeData.swift", line: index + 1)): \($0)"
    }
  }
}

suite.check("load() records the saved value without awaiting the actor") {
  let sources = try ExerciseSources()
  guard let load = try sources.declaration(["CoffeeDataStore", "load"], in: "CoffeeData.swift")
  else {
    return .fail("CoffeeDataStore has no load() in \(sources.place(of: "CoffeeData.swift"))")
  }
  // load() is nonisolated, so any use of the store's isolated state from it goes through the
  // actor: a method or property of CoffeeDataStore declared without `nonisolated` or
  // `@concurrent` (a `let` is nonisolated already), however it is reached (`await`, `async let`,
  // a task). Its own nonisolated helper, such as a `@concurrent` read, reaches no actor
  // (SE-0313, SE-0461). Words are read with comments and string text left out.
  func isIsolatedMember(_ name: String) throws -> Bool {
    guard name != "load",
      let member = try sources.declaration(["CoffeeDataStore", name], in: "CoffeeData.swift")
    else { return false }
    // The attributes and modifiers, up to the keyword that declares the member.
    var head: [String] = []
    for token in SwiftToken.tokenize(member) {
      head.append(token.text)
      if ["func", "var", "let"].contains(token.text) { break }
    }
    return !head.contains("nonisolated") && !head.contains("@concurrent") && !head.contains("let")
  }
  let loadLines = load.components(separatedBy: "\n")
  var reached: [String] = []
  for token in SwiftToken.tokenize(load) where token.kind == .word {
    guard try isIsolatedMember(token.text) else { continue }
    let line = loadLines[token.line - 1].trimmingCharacters(in: .whitespaces)
    if !reached.contains(line) { reached.append(line) }
  }
  return .expect(
    reached.isEmpty,
    "load() still reaches the actor: \(reached.joined(separator: "; ")). "
      + "With savedValue in a Mutex, load() records what it read on the thread it runs on, "
      + "with no hop to the actor, unless a save has recorded a list already: "
      + "`savedValue.withLock { saved in if saved == nil { saved = drinks } }`")
}

suite.check("savedValue is guarded by a Mutex, with no escape hatch") {
  let hatches = try escapeHatches()
  guard hatches.isEmpty else {
    return .fail(
      "this silences the compiler; it does not synchronize savedValue: "
        + hatches.joined(separator: ", ")
        + ". The actor's save and the @concurrent load run at the same time on different threads")
  }
  let sources = try ExerciseSources()
  let code = try sources.code(of: "CoffeeData.swift")
  return .expect(
    code.contains("Mutex<") || code.contains("Mutex("),
    "no Mutex in \(sources.place(of: "CoffeeData.swift")): `import Synchronization` and "
      + "`private let savedValue = Mutex<[Drink]?>(nil)` (nil until the store knows the file)")
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
