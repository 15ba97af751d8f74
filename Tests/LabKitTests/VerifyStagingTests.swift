import CheckReporting
import Foundation
import Testing

@testable import LabKit

/// `lab verify` checks every kept answer in one staging folder, so that each check after an
/// exercise's first is the quick rebuild; and with `--rerun-threads-only` its repeated runs
/// read back what the compiler and the scheduler decided.
@Suite("lab verify's staging folder and repeated runs")
struct VerifyStagingTests {
  @Test("Each answer replaces the one before in the staging folder, with later modification times")
  func answersReplaceEachOther() throws {
    let lab = try FakeLab()
    try lab.write("Solutions/01-first-step/Extra.swift", "let extra = 1\n")
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let exercise = try catalog.exercise(named: "01-first-step")
    let verification = Verification(root: lab.root, timeout: 5)
    let wrong = try #require(exercise.wrongAnswers.first)

    let first = try verification.makeOverlay(for: exercise, wrongAnswer: wrong)
    let folder = lab.root.appendingPathComponent("\(first)/01-first-step")
    let firstStamp = try #require(verification.stagedAt.date)
    #expect(try isStamped(folder.appendingPathComponent("Behaviour.swift"), firstStamp))

    // The solution loses a file; the next answer staged must not keep it.
    try FileManager.default.removeItem(
      at: lab.root.appendingPathComponent("Solutions/01-first-step/Extra.swift"))
    let second = try verification.makeOverlay(for: exercise, wrongAnswer: wrong)
    let secondStamp = try #require(verification.stagedAt.date)
    #expect(second == first)
    #expect(secondStamp > firstStamp)
    #expect(try isStamped(folder.appendingPathComponent("Model.swift"), secondStamp))
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Extra.swift").path))
  }

  @Test("A check executable linked before the answer was staged is not the answer's")
  func staleLinkIsRefused() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let exercise = try catalog.exercise(named: "01-first-step")
    let verification = Verification(root: lab.root, timeout: 5)
    let wrong = try #require(exercise.wrongAnswers.first)
    let executable = lab.root.appendingPathComponent(".build-lab-verify/debug/Step01Check")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: executable.path)
    _ = try verification.makeOverlay(for: exercise, wrongAnswer: wrong)
    #expect(!verification.isBuilt(exercise, since: verification.stagedAt, verdicts: [.passed([])]))
    #expect(
      verification.isBuilt(
        exercise, since: verification.stagedAt, verdicts: [.doesNotCompile(errors: [])]))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: executable.path)
    #expect(verification.isBuilt(exercise, since: verification.stagedAt, verdicts: [.passed([])]))
  }

  @Test("Repeated runs compute everything again, unless only the checks on real threads rerun")
  func repeatedRunsAndTheCache() {
    let root = URL(fileURLWithPath: "/nonexistent")
    let fresh = Verification(root: root, timeout: 5, repeats: 3)
    #expect(fresh.checker.checkEnvironment[LabEnvironment.noCache] == "1")
    let threadsOnly = Verification(root: root, timeout: 5, repeats: 3, rerunsThreadsOnly: true)
    #expect(threadsOnly.checker.checkEnvironment[LabEnvironment.noCache] == nil)
    let once = Verification(root: root, timeout: 5)
    #expect(once.checker.checkEnvironment[LabEnvironment.noCache] == nil)
  }

  /// Whether `url` was last modified at `stamp`, to the microsecond the file system is given.
  private func isStamped(_ url: URL, _ stamp: Date) throws -> Bool {
    let date = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]
    return (date as? Date).map { abs($0.timeIntervalSince(stamp)) < 0.000_01 } ?? false
  }
}
