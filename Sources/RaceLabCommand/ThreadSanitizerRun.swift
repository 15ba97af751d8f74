import CommandLineSupport
import Foundation
import RaceLab

/// One run of a ThreadSanitizer build of race-lab, its log demangled and parsed.
struct ThreadSanitizerRun {
  /// A line the stress prints to standard error after each iteration with --mark-iterations.
  static let iterationMarker = "race-lab: iteration done"

  let status: Int32
  let seconds: TimeInterval
  let logPath: String
  let log: ThreadSanitizerLog
  /// The log cut at the stress's iteration markers: one part per iteration.
  let iterationLogs: [ThreadSanitizerLog]

  init(binary: String, arguments: [String], name: String, out: URL) throws {
    let logURL = out.appendingPathComponent("\(name).log")
    // Every report, even one whose stacks repeat an earlier one's, so that each iteration's
    // part of the log stands on its own.
    let result = try ProcessRunner.run(
      binary, arguments,
      environment: ["TSAN_OPTIONS": "suppress_equal_stacks=0:suppress_equal_addresses=0"],
      standardOutput: .discarded, standardError: .file(logURL))
    // ThreadSanitizer prints Swift symbols mangled; demangle them so that reports can be
    // matched to catalog entries by name, and read by people.
    let demangledURL = out.appendingPathComponent("\(name).demangled.log")
    let demangled = try Self.demangle(logURL, into: demangledURL)
    status = result.status
    seconds = result.seconds
    logPath = demangledURL.path
    log = ThreadSanitizerLog(parsing: demangled)
    var parts = demangled.components(separatedBy: Self.iterationMarker)
    // What follows the last marker is the end of the run, not an iteration.
    if parts.count > 1 { parts.removeLast() }
    iterationLogs = parts.map { ThreadSanitizerLog(parsing: $0) }
  }

  /// Demangles the Swift symbols in the file at `input` with `swift demangle`, writes the result
  /// to `output`, and returns it.
  static func demangle(_ input: URL, into output: URL) throws -> String {
    _ = try ProcessRunner.run(
      "/usr/bin/env", ["swift", "demangle", "--simplified"], standardInput: input,
      standardOutput: .file(output), standardError: .discarded)
    return try String(contentsOf: output, encoding: .utf8)
  }
}
