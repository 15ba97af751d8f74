import Foundation
import Testing

@testable import LabKit

/// The first check of a step shows the compiler's warnings in the code the step changes, and
/// counts the rest; the build says what it builds and how long a first build takes.
@Suite("lab check: warnings in focus, and a build that says what it does")
struct WarningFocusTests {
  static let starter = """
    final class Store {
      func save() {
        queue.async { self.write() }
      }

      func load() {
        queue.async { self.read() }
      }
    }

    """
  /// The step changes `save()` only.
  static let solution = starter.replacingOccurrences(
    of: "func save() {\n    queue.async { self.write() }",
    with: "func save() async {\n    await write()")

  @Test("A warning is in focus when the solution or the learner changes its declaration")
  func focus() {
    let untouched = WarningFocus(files: ["Store.swift": (Self.starter, Self.solution, Self.starter)]
    )
    #expect(untouched.isInFocus("Store.swift:3: capture of 'self' [#SendableClosureCaptures]"))
    #expect(!untouched.isInFocus("Store.swift:7: capture of 'self' [#SendableClosureCaptures]"))
    // A file the step does not edit is out of focus; a place that cannot be read is shown.
    #expect(!untouched.isInFocus("Other.swift:3: capture of 'self'"))
    #expect(untouched.isInFocus("somewhere: a warning without a line"))
    // A deprecated shim's callers are the places still to migrate: shown wherever they are.
    #expect(
      untouched.isInFocus(
        "Other.swift:12: 'load(completionHandler:)' is deprecated: Prefer async alternative "
          + "instead [#DeprecatedDeclaration]"))
    #expect(
      untouched.isInFocus(
        "Store.swift:7: 'read()' is deprecated [#DeprecatedDeclaration]"))

    let mine = Self.starter.replacingOccurrences(
      of: "queue.async { self.read() }", with: "queue.async { [self] in self.read() }")
    let edited = WarningFocus(files: ["Store.swift": (Self.starter, Self.solution, mine)])
    #expect(edited.isInFocus("Store.swift:7: capture of 'self' [#SendableClosureCaptures]"))
  }

  @Test("check shows the warnings in focus, counts the others; --all-warnings shows all")
  func checkCountsTheRest() throws {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Model.swift", Self.starter)
    try lab.write("Solutions/01-first-step/Model.swift", Self.solution)
    try lab.write(
      "Exercises/01-first-step/Behaviour.swift",
      """
      echo "LAB-WARNING Model.swift:3: capture of 'self' in save [#SendableClosureCaptures]"
      echo "LAB-WARNING Model.swift:7: capture of 'self' in load [#SendableClosureCaptures]"
      \(Behaviour.passes)
      """)
    #expect(lab.run("check", "1") == 0)
    #expect(
      lab.lines.all.contains(
        "  warning: Model.swift:3: capture of 'self' in save [#SendableClosureCaptures]"))
    #expect(!lab.printed.contains("in load"))
    #expect(
      lab.lines.all.contains(
        "  and 1 warning in code this step does not change: "
          + "swift run lab check 1 --all-warnings shows it."))
    #expect(lab.run("check", "1", "--all-warnings") == 0)
    #expect(lab.lines.all.contains("  1 warning in code this step does not change:"))
    #expect(lab.printed.contains("Model.swift:7: capture of 'self' in load"))
    #expect(lab.run("help", "check") == 0)
    #expect(lab.printed.contains("--all-warnings shows them too"))
  }

  @Test("The first build says what it builds and about how long; later builds say seconds")
  func buildDescription() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let checker = ExerciseChecker(root: lab.root)
    let step = try catalog.exercise(named: "1")
    let kata = try catalog.exercise(named: "apod/1")
    let first = checker.buildDescription(of: step, support: .coffee)
    #expect(
      first.hasPrefix(
        "building 01-first-step (module Step01) and its checks, and once the Coffee Tracker"))
    #expect(first.hasSuffix("(first build: \(FirstBuild.coffeeChecks); later checks: seconds)"))
    #expect(
      checker.buildDescription(of: kata, support: .core).contains(
        "(first build: \(FirstBuild.kataChecks);"))
    try lab.write(".build-lab/debug/Modules/CoffeeChecks.swiftmodule", "")
    #expect(
      checker.buildDescription(of: step, support: .coffee)
        == "building 01-first-step (module Step01) and its checks (seconds)")
    #expect(lab.run("check", "1") == 0)
    #expect(
      lab.lines.all.contains("  building 01-first-step (module Step01) and its checks (seconds)…"))
  }

  @Test("A build names each module once, as SwiftPM starts on it")
  func buildModules() {
    let modules = BuildModules()
    let lines = [
      "Building for debugging...", "[1/33] Emitting module CoffeeDomain",
      "[2/33] Compiling CoffeeDomain Drink.swift", "[3/50] Compiling CoffeeDomain Caffeine.swift",
      "[4/50] Compiling SimulatedPlatform Clock.swift", "[40/128] Linking CoffeeStep01Check",
    ]
    #expect(lines.compactMap(modules.newModule(in:)) == ["CoffeeDomain", "SimulatedPlatform"])
  }
}
