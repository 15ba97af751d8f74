import Foundation
import Testing

@testable import LabKit

/// A re-check skips SwiftPM only when nothing its build reads has changed: any edit, a new file,
/// another environment or a product rebuilt elsewhere must make it build.
@Suite("Build fingerprints")
struct BuildFingerprintTests {
  /// A package-shaped folder: the manifest, the metadata, a source and a check, an exercise.
  static func makePackage() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerprint-\(UUID().uuidString)")
    for (path, text) in [
      ("Package.swift", "// manifest"), ("Exercises/exercises.json", "{}"),
      ("Sources/Lib/Lib.swift", "let a = 1"), ("Checks/01/main.swift", "print(1)"),
      ("Exercises/01/Model.swift", "struct Model {}"),
    ] {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  static func take(_ root: URL, environment: [String: String] = ["LAB_ONLY": "01"])
    -> BuildFingerprint?
  {
    BuildFingerprint.take(
      root: root, sourceFolder: "Exercises/01", environment: environment, swift: "/bin/sh")
  }

  @Test(
    "The same inputs give the same fingerprint; an edit, a new file or another environment do not")
  func changesAreSeen() throws {
    let root = try Self.makePackage()
    defer { try? FileManager.default.removeItem(at: root) }
    let first = try #require(Self.take(root))
    #expect(Self.take(root) == first)
    #expect(Self.take(root, environment: ["LAB_ONLY": "02"]) != first)
    // An edit of the same size, later.
    let model = root.appendingPathComponent("Exercises/01/Model.swift")
    try "struct Model{ }".write(to: model, atomically: true, encoding: .utf8)
    let edited = try #require(Self.take(root))
    #expect(edited != first)
    try "let b = 2".write(
      to: root.appendingPathComponent("Sources/Lib/New.swift"), atomically: true, encoding: .utf8)
    #expect(Self.take(root) != edited)
  }

  @Test("The last build's fingerprint counts only while its product is the file that build made")
  func productMustBeUnchanged() throws {
    let root = try Self.makePackage()
    defer { try? FileManager.default.removeItem(at: root) }
    let product = root.appendingPathComponent("build/debug/Check")
    try FileManager.default.createDirectory(
      at: product.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "binary".write(to: product, atomically: true, encoding: .utf8)
    let record = BuildFingerprint.record(
      for: "Check", scratchPath: root.appendingPathComponent("build"))
    let fingerprint = try #require(Self.take(root))
    fingerprint.write(to: record, executable: product)
    #expect(BuildFingerprint.lastBuild(at: record, executable: product) == fingerprint)
    try "another binary".write(to: product, atomically: true, encoding: .utf8)
    #expect(BuildFingerprint.lastBuild(at: record, executable: product) == nil)
    BuildFingerprint.forget(record)
    #expect(BuildFingerprint.lastBuild(at: record, executable: product) == nil)
  }

  @Test(
    "SwiftPM's plan still fits after an edit inside the learner's files, not after a new file or another plan"
  )
  func planFitsOnlyItsStructure() throws {
    let root = try Self.makePackage()
    defer { try? FileManager.default.removeItem(at: root) }
    func structure() throws -> BuildFingerprint {
      try #require(
        BuildFingerprint.take(
          root: root, sourceFolder: "Exercises/01", environment: [:], swift: "/bin/sh",
          learnerFiles: .byName))
    }
    let plan = root.appendingPathComponent("build/debug.yaml")
    try FileManager.default.createDirectory(
      at: plan.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "commands:".write(to: plan, atomically: true, encoding: .utf8)
    let record = BuildFingerprint.planRecord(
      for: "Check", scratchPath: root.appendingPathComponent("build"))
    try structure().writePlanRecord(plan: plan, to: record)
    #expect(try structure().planStillFits(plan, record: record))
    // An edit inside the learner's file keeps the plan's structure.
    try "struct Model { let edited = true }".write(
      to: root.appendingPathComponent("Exercises/01/Model.swift"), atomically: true,
      encoding: .utf8)
    #expect(try structure().planStillFits(plan, record: record))
    // Another product's build writes the plan again.
    try "commands:\n".write(to: plan, atomically: true, encoding: .utf8)
    #expect(try !structure().planStillFits(plan, record: record))
    try structure().writePlanRecord(plan: plan, to: record)
    // A new file in the learner's folder is a new structure.
    try "struct Other {}".write(
      to: root.appendingPathComponent("Exercises/01/Other.swift"), atomically: true,
      encoding: .utf8)
    #expect(try !structure().planStillFits(plan, record: record))
  }
}
