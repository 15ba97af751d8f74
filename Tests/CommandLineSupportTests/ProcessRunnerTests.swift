import CommandLineSupport
import Foundation
import Synchronization
import Testing

@Suite("ProcessRunner: status, environment, output")
struct ProcessRunnerTests {
  @Test("The exit status and both output streams come back")
  func statusAndOutput() throws {
    let result = try ProcessRunner.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(result.status == 3)
    #expect(result.signal == nil)
    #expect(!result.succeeded)
    #expect(result.output.contains("out\n"))
    #expect(result.output.contains("err\n"))
    #expect(result.ending == "exit status 3")
  }

  @Test("Additions to the environment and the working folder reach the child")
  func environmentAndDirectory() throws {
    let result = try ProcessRunner.run(
      "/bin/sh", ["-c", "echo \"$LAB_RUNNER_TEST\"; pwd"], in: URL(fileURLWithPath: "/"),
      environment: ["LAB_RUNNER_TEST": "passed on"])
    #expect(result.succeeded)
    #expect(result.output == "passed on\n/\n")
  }

  @Test("Every byte and every line a child writes is in the result when run returns")
  func outputCompleteOnReturn() throws {
    // The reader used to be a readabilityHandler, whose last call could still be appending
    // after the result was taken: empty output once in 41 runs under load. A slow line handler
    // holds the reader inside such a call (a correct runner waits for it, however long it
    // takes; the delay only makes the old window wide), and twenty short children give it
    // twenty chances.
    for run in 1...20 {
      let lines = LinesSeen()
      let result = try ProcessRunner.run("/bin/sh", ["-c", "echo first $0; echo second", "\(run)"])
      {
        if lines.all.isEmpty { usleep(20_000) }
        lines.add($0)
      }
      #expect(result.output == "first \(run)\nsecond\n", "run \(run)")
      #expect(lines.all == ["first \(run)", "second"], "run \(run)")
    }
  }

  @Test("A signal is reported as a signal")
  func signal() throws {
    let result = try ProcessRunner.run("/bin/sh", ["-c", "kill -KILL $$"])
    #expect(result.signal == 9)
    #expect(result.crashedBySignal)
    #expect(result.ending == "killed by signal 9")
  }

  @Test("Output is streamed line by line, the last line without a newline too")
  func streamed() throws {
    let lines = LinesSeen()
    _ = try ProcessRunner.run("/bin/sh", ["-c", "printf 'a\\nb\\nc'"]) { lines.add($0) }
    #expect(lines.all == ["a", "b", "c"])
  }

  @Test("Input from a file, output into a file")
  func files() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.txt")
    let output = folder.appendingPathComponent("out.txt")
    try "hello\n".write(to: input, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      "/bin/cat", [], standardInput: input, standardOutput: .file(output))
    #expect(result.succeeded)
    #expect(result.output.isEmpty)
    #expect(try String(contentsOf: output, encoding: .utf8) == "hello\n")
  }

  /// With no stream captured, the runner's pipe goes to no child: reading it to its end would
  /// never return (`race-lab report` hung so, its ThreadSanitizer runs writing to log files).
  @Test("Both streams into files, or discarded: the run ends when the child does")
  func nothingCaptured() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("log.txt")
    let toFiles = try ProcessRunner.run(
      "/bin/sh", ["-c", "echo out; echo err >&2"], standardOutput: .file(log),
      standardError: .discarded)
    #expect(toFiles.succeeded)
    #expect(toFiles.output.isEmpty)
    #expect(try String(contentsOf: log, encoding: .utf8) == "out\n")
    let discarded = try ProcessRunner.run(
      "/bin/sh", ["-c", "exit 3"], standardOutput: .discarded, standardError: .discarded)
    #expect(discarded.status == 3)
  }

  /// A new empty folder for one test's files; the test removes it.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "runner-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// Lines the runner's handler passes on, from its thread.
private final class LinesSeen: Sendable {
  private let lines = Mutex<[String]>([])

  func add(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }
}
