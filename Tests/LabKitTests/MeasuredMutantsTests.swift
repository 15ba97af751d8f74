import Foundation
import Testing

@testable import LabKit

/// `docs/mutants-measured.json`: which exercises `lab dev mutants --changed` may leave out,
/// because nothing their mutants are made from changed since they were measured.
@Suite("Measured mutants")
struct MeasuredMutantsTests {
  @Test("A track's modules: its check library, its dependencies and all they depend on")
  func modulesFollowTheManifest() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let kata = try #require(catalog.tracks.first { $0.id == "apod" })
    let targets = [
      "LabCheckKit": ["CheckReporting", "DeterministicScheduling"],
      "KataSupport": ["DeterministicScheduling"],
      "CoffeeChecks": ["LabCheckKit", "SimulatedPlatform"],
      "DeterministicScheduling": [],
    ]
    let modules = MeasuredMutants.modules(
      of: kata, trackDependencies: ["KataSupport"], targetDependencies: targets)
    #expect(
      modules == ["LabCheckKit", "CheckReporting", "DeterministicScheduling", "KataSupport"])
    // The coffee track's check library reaches the platform; a kata's does not.
    let coffee = try #require(catalog.tracks.first { $0.id == "coffee" })
    #expect(
      MeasuredMutants.modules(of: coffee, trackDependencies: [], targetDependencies: targets)
        .contains("SimulatedPlatform"))
  }

  @Test("The fingerprint changes with a check, a solution, a module, metadata or an equivalent")
  func fingerprintFollowsEveryInput() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let exercise = try catalog.exercise(named: "apod-02-actor-client")
    try lab.write("Checks/apod-02-actor-client/main.swift", "// the checks\n")
    try lab.write("Sources/KataSupport/Transport.swift", "// the transport\n")
    try lab.write("Sources/CoffeeChecks/Scenario.swift", "// not a kata's\n")
    func fingerprint(
      metadata: String = "{}", equivalents: [EquivalentMutants.Entry] = [],
      toolchain: String = "Swift version 6.3.1"
    ) -> String {
      MeasuredMutants.fingerprint(
        of: exercise, root: lab.root, modules: ["KataSupport"], metadata: metadata,
        equivalents: equivalents, toolchain: toolchain)
    }
    let measured = fingerprint()
    #expect(fingerprint() == measured)
    #expect(measured.count == 32)
    // What the kata is not built with changes nothing.
    try lab.write("Sources/CoffeeChecks/Scenario.swift", "// changed, not a kata's\n")
    try lab.write("Solutions/apod-02-actor-client/wrong-answers/x.patch", "--- a\n")
    #expect(fingerprint() == measured)
    #expect(fingerprint(metadata: #"{"checks":["another"]}"#) != measured)
    #expect(fingerprint(toolchain: "Swift version 6.4") != measured)
    #expect(
      fingerprint(equivalents: [.init(exercise: exercise.id, mutant: "m1", reason: "r")])
        != measured)
    for file in [
      "Checks/apod-02-actor-client/main.swift", "Solutions/apod-02-actor-client/Model.swift",
      "Exercises/apod-02-actor-client/Model.swift", "Sources/KataSupport/Transport.swift",
      "Sources/LabKit/Dev/Mutants/MutationOperator.swift",
    ] {
      let before = fingerprint()
      try lab.write(file, "// changed: \(file)\n")
      #expect(fingerprint() != before, "a change to \(file)")
    }
  }

  @Test("The record reads back what it wrote; a malformed file is an error that names it")
  func recordRoundTrip() throws {
    let lab = try FakeLab()
    try lab.write("docs/.keep", "")
    let record = MeasuredMutants(exercises: [
      "apod-02-actor-client": .init(
        inputs: "abc", mutants: 5, killedOrTimedOut: 3, equivalent: 1, notCompiling: 1,
        measured: "2026-11-29")
    ])
    try record.save(root: lab.root)
    #expect(try MeasuredMutants.load(root: lab.root) == record)
    try lab.write(MeasuredMutants.path, "{not json")
    #expect(throws: LabError.self) { try MeasuredMutants.load(root: lab.root) }
  }
}
