import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// The `lab` command's parts that do not need a build: reading check output, running processes
/// with a time limit, progress, the catalog.
@Suite("lab command")
struct LabKitTests {
  @Test("Check lines are read with their details")
  func parsesCheckLines() {
    let output = """
      LAB-RUNNING first
      LAB-CHECK pass first
      LAB-RUNNING second
      LAB-CHECK fail second :: the count is wrong
      LAB-DETAIL expected: 2
      LAB-DETAIL actual: 1
      LAB-RESULT fail
      """
    let lines = CheckOutputParser.checkLines(in: output)
    #expect(
      lines == [
        .init(name: "first", passed: true, detail: nil),
        .init(
          name: "second", passed: false, detail: "the count is wrong",
          moreDetails: ["expected: 2", "actual: 1"]),
      ])
    #expect(CheckOutputParser.runningCheck(in: output) == "second")
  }

  @Test("The learner's compiler warnings are read from the check output, in order")
  func parsesWarnings() {
    let output = """
      LAB-WARNING CoffeeData.swift:122: capture of 'self' in a '@Sendable' closure [#SendableClosureCaptures]
      LAB-RUNNING first
      LAB-WARNING is not a check line
      LAB-CHECK pass first
      LAB-RESULT pass
      """
    #expect(
      CheckOutputParser.warnings(in: output) == [
        "CoffeeData.swift:122: capture of 'self' in a '@Sendable' closure [#SendableClosureCaptures]",
        "is not a check line",
      ])
    #expect(CheckOutputParser.checkLines(in: output).count == 1)
    #expect(CheckOutputParser.warnings(in: "LAB-RESULT pass").isEmpty)
  }

  @Test("A crash is reported in the runtime's words")
  func findsCrashReason() {
    let output = """
      LAB-RUNNING the continuation is resumed exactly once
      SWIFT TASK CONTINUATION MISUSE: queryHealthKit() tried to resume its continuation more than once, throwing queryFailed!
      """
    #expect(
      CheckOutputParser.crashReport(in: output, sourceFolder: "Exercises/03-query-continuation")
        .message.hasPrefix("SWIFT TASK CONTINUATION MISUSE"))
  }

  @Test("A process that runs past its time limit is stopped and reported as timed out")
  func stopsHungProcess() throws {
    let result = try ProcessRunner.run(
      "/bin/sh", ["-c", "echo started; exec sleep 30"], in: URL(fileURLWithPath: "/"), timeout: 0.5)
    #expect(result.timedOut)
    #expect(result.output.contains("started"))
    #expect(result.seconds < 10)
  }

  @Test("A process killed by a signal is reported as crashed")
  func reportsCrash() throws {
    let result = try ProcessRunner.run(
      "/bin/sh", ["-c", "kill -SEGV $$"], in: URL(fileURLWithPath: "/"), timeout: 10)
    #expect(result.crashedBySignal)
    #expect(!result.timedOut)
  }

  @Test("Verdicts name what failed, as metadata does")
  func verdictFailureNames() {
    #expect(Verdict.doesNotCompile(errors: []).failureNames == ["compile"])
    #expect(Verdict.hung(seconds: 30, check: nil, waitingFor: nil).failureNames == ["hang"])
    #expect(Verdict.crashed(CrashReport(message: ""), check: nil).failureNames == ["crash"])
    #expect(
      Verdict.failed([
        .init(name: "a", passed: true, detail: nil), .init(name: "b", passed: false, detail: nil),
      ])
      .failureNames == ["b"])
  }

  @Test("Progress survives a round trip, and a corrupt file is kept aside, not lost")
  func progressFile() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-progress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    var progress = Progress()
    progress.current = "03-query-continuation"
    progress.solved = ["01-async-save"]
    try progress.save(root: root)
    #expect(Progress.load(root: root) == progress)

    try Data("{ not json".utf8).write(to: Progress.url(root: root))
    var warnings: [String] = []
    #expect(Progress.load(root: root) { warnings.append($0) } == Progress())
    #expect(warnings.count == 1)
    let kept = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
      $0.contains("unreadable")
    }
    #expect(kept.count == 1)
  }

  @Test("Exercises are found by number, zero-padded number, id or track")
  func findsExercises() throws {
    let catalog = try ExerciseCatalog.load(root: Self.packageRoot)
    #expect(try catalog.exercise(named: "1").id == "01-async-save")
    #expect(try catalog.exercise(named: "01").id == "01-async-save")
    #expect(try catalog.exercise(named: "01-async-save").id == "01-async-save")
    #expect(try catalog.exercise(named: "coffee/1").id == "01-async-save")
    #expect(throws: UsageError.self) { try catalog.exercise(named: "99") }
  }

  @Test("Unknown commands and options are usage errors, exit code 2")
  func usageErrors() {
    let lines = Lines()
    let command = LabCommand(
      root: Self.packageRoot, output: Output { text, _ in lines.append(text) })
    #expect(command.run(["bogus"]) == 2)
    #expect(command.run(["list", "--bogus"]) == 2)
    #expect(command.run(["hint", "1", "99"]) == 2)
    #expect(command.run(["--help"]) == 0)
    #expect(lines.all.contains { $0.contains("unknown command 'bogus'") })
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

/// Lines written by a command under test.
final class Lines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}
