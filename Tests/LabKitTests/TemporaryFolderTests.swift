import Foundation
import Testing

@testable import LabKit

/// The Swift driver leaves a folder behind in the temporary folder at each run
/// (swiftlang/swift-driver#1720): the lab's builds and checks use one in their build folder,
/// which it empties of what is old.
@Suite("The checks' temporary folder")
struct TemporaryFolderTests {
  @Test("A check runs with its temporary folder in the build folder")
  func checkRunsThere() throws {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/01-first-step/Behaviour.swift",
      "echo \"$TMPDIR\" > \"$LAB_EXERCISE_SOURCES/tmpdir\"\n" + Behaviour.passes)
    #expect(lab.run("check", "1") == 0)
    let told = try lab.read("Exercises/01-first-step/tmpdir")
    #expect(told == lab.root.appendingPathComponent(".build-lab/tmp").path + "\n")
  }

  @Test("What is older than an hour goes; what is newer stays, for a lab running beside")
  func oldFoldersGo() throws {
    let lab = try FakeLab()
    let checker = ExerciseChecker(root: lab.root)
    let folder = try checker.temporaryFolder()
    let manager = FileManager.default
    let old = folder.appendingPathComponent("TemporaryDirectory.old")
    let recent = folder.appendingPathComponent("TemporaryDirectory.recent")
    for item in [old, recent] {
      try manager.createDirectory(at: item, withIntermediateDirectories: true)
    }
    try manager.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: old.path)
    try manager.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: recent.path)
    _ = try checker.temporaryFolder()
    #expect(!manager.fileExists(atPath: old.path))
    #expect(manager.fileExists(atPath: recent.path))
  }
}
