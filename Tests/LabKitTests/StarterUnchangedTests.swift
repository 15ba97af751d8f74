import Foundation
import Testing

@testable import LabKit

/// A failing check on files the learner has not touched yet says so, and only then.
@Suite("lab check: a failure on the untouched starter")
struct StarterUnchangedTests {
  static let notice =
    "Your files are still the starter's: nothing in Exercises/01-first-step/ has changed yet"

  @Test("A failure on the starter as committed says the files are the starter's; an edit ends it")
  func failureOnUntouchedStarter() throws {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsOneCheck)
    try lab.commitEverything()

    #expect(lab.run("check", "1") == 1)
    #expect(lab.printed.contains(Self.notice))

    // One byte changed in one Swift file: the learner has begun, so no notice.
    try lab.write("Exercises/01-first-step/Model.swift", "// the starter of 01-first-step \n")
    let before = lab.lines.all.count
    #expect(lab.run("check", "1") == 1)
    let second = lab.lines.all.dropFirst(before).joined(separator: "\n")
    #expect(second.contains("✗ it works"))
    #expect(!second.contains(Self.notice))
  }

  @Test("A new Swift file beside the starter's counts as a change")
  func newFileIsAChange() throws {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsOneCheck)
    try lab.commitEverything()
    try lab.write("Exercises/01-first-step/Extra.swift", "// mine\n")
    #expect(lab.run("check", "1") == 1)
    #expect(!lab.printed.contains(Self.notice))
  }

  @Test("A pass, or a lab git cannot see into, says nothing about the starter")
  func noNoticeWithoutEvidence() throws {
    let passing = try FakeLab()
    try passing.commitEverything()
    #expect(passing.run("check", "1") == 0)
    #expect(!passing.printed.contains("still the starter's"))

    // Not a git checkout: nobody can tell whether the files changed.
    let unversioned = try FakeLab()
    try unversioned.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsOneCheck)
    #expect(unversioned.run("check", "1") == 1)
    #expect(!unversioned.printed.contains("still the starter's"))
  }
}
