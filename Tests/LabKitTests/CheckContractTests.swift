import CheckReporting
import Foundation
import Testing

@testable import LabKit

/// The strings that form contracts between `Package.swift`, `lab`, the check executables and
/// `Exercises/exercises.json`.
@Suite("Contracts between the lab and its checks")
struct CheckContractTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("Package.swift reads the environment variables LabEnvironment names, and no others")
  func manifestSpellsTheEnvironment() throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let read = Set(
      manifest.matches(of: #/environment\["(LAB_[A-Z_]+)"\]/#).map { String($0.output.1) })
    #expect(read == Set(LabEnvironment.readByManifest))
  }

  @Test("The registered names are read from `.check(\"…\"` calls only")
  func registeredChecks() {
    let source = #"""
      // suite.check("commented out") is still text: the scan does not parse comments
      let suite = CheckSuite()
      suite.check("save(drink:) is async") { .pass }
      suite.check(
        "a \"quoted\" name"
      ) { .pass }
      print("not a check")
      """#
    #expect(
      TrackCheck.registeredChecks(in: source) == [
        "commented out", "save(drink:) is async", "a \"quoted\" name",
      ])
  }

  @Test("A check named in the metadata but not registered by its source is a problem")
  func unregisteredNameIsAProblem() throws {
    let catalog = try ExerciseCatalog.load(root: Self.root)
    let exercise = try #require(catalog.allExercises.first)
    let check = TrackCheck(root: Self.root, catalog: catalog)
    #expect(try check.problems(of: exercise).isEmpty)
    // The same exercise with its first check renamed in the metadata only.
    var fields = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(exercise)) as? [String: Any])
    let renamed = exercise.checks[0] + " (renamed)"
    fields["checks"] = [renamed] + exercise.checks.dropFirst()
    let drifted = try JSONDecoder().decode(
      ExerciseCatalog.Exercise.self, from: JSONSerialization.data(withJSONObject: fields))
    let problems = try check.problems(of: drifted)
    #expect(problems.contains { $0.contains("never registers the check \"\(renamed)\"") })
    #expect(
      problems.contains { $0.contains("registers \"\(exercise.checks[0])\", not in its checks") })
  }
}
