import Foundation
import SourceScan
import Testing

@testable import LabCheckKit

/// The escape-hatch checks on small sources in a folder of their own, as `lab` hands a check the
/// learner's folder.
@Suite("Escape-hatch checks")
struct EscapeHatchChecksTests {
  /// A folder holding `files` (name to text), removed after `body`.
  func withSources<Result>(
    _ files: [String: String], _ body: (ExerciseSources) throws -> Result
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-check-kit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return try body(try ExerciseSources(path: folder.path))
  }

  @Test("Each use is found with its file and line; comments and strings do not count")
  func findsUses() throws {
    let source = """
      final class Store: @unchecked Sendable {
        // nonisolated(unsafe) in a comment is no use
        let note = "DispatchQueue.main.sync in a string is none either"
        nonisolated(unsafe) var count = 0
        func read() { DispatchQueue.main.sync { _ = count } }
      }
      """
    let (uses, folder) = try withSources(["Store.swift": source]) {
      (try EscapeHatchChecks.uses(of: Silencer.all, in: ["Store.swift"], of: $0), $0.folder)
    }
    // Named with the folder: every coffee step has a `CoffeeData.swift`.
    #expect(
      uses.map(\.description) == [
        "\(folder)/Store.swift:1 uses `@unchecked Sendable`",
        "\(folder)/Store.swift:4 uses `nonisolated(unsafe)`",
        "\(folder)/Store.swift:5 uses `DispatchQueue.main.sync`",
      ])
  }

  @Test("Clean code passes; a hatch fails, naming its place and what it leaves unfixed")
  func outcomes() throws {
    let files = [
      "Clean.swift": "actor Counter { var count = 0 }\n",
      "Hatch.swift": "struct Box: @unchecked Sendable { var value = 0 }\n",
    ]
    try withSources(files) { sources in
      #expect(
        try EscapeHatchChecks.outcome(
          of: ["Clean.swift"], sources: sources, leavesUnfixed: "the race") == .pass)
      let outcome = try EscapeHatchChecks.outcome(
        of: ["Hatch.swift"], sources: sources, leavesUnfixed: "the data race on `value`")
      #expect(
        outcome
          == .fail(
            "\(sources.folder)/Hatch.swift:1 uses `@unchecked Sendable`: this silences the compiler; it does not fix "
              + "the data race on `value`"))
    }
  }

  @Test("Only the silencers asked about count")
  func onlyTheSilencersAsked() throws {
    let source = "nonisolated(unsafe) var shared = 0\n"
    let uses = try withSources(["Shared.swift": source]) {
      try EscapeHatchChecks.uses(
        of: [.hatch(.uncheckedSendable), .mainQueueSync], in: ["Shared.swift"], of: $0)
    }
    #expect(uses.isEmpty)
  }

  @Test("A file is named with its folder as lab gave it, and its line when known")
  func placeNamesTheFolder() throws {
    let sources = try ExerciseSources(path: "Exercises/07-coffee-data-store/")
    #expect(
      sources.place(of: "CoffeeData.swift") == "Exercises/07-coffee-data-store/CoffeeData.swift")
    #expect(
      sources.place(of: "CoffeeData.swift", line: 12)
        == "Exercises/07-coffee-data-store/CoffeeData.swift:12")
  }

  @Test("Without LAB_EXERCISE_SOURCES, the sources cannot be found and say how to run")
  func noSources() {
    #expect(throws: CheckKitError.self) { try ExerciseSources(path: nil) }
    #expect(CheckKitError.noSources.description.hasPrefix("LAB_EXERCISE_SOURCES is not set"))
  }

  @Test("Advice fits the hatch found: continuation advice for an unsafe continuation only")
  func adviceFitsTheHatch() throws {
    let files = [
      "Unsafe.swift": "nonisolated(unsafe) var isAuthorized = false\n",
      "Continuation.swift": "func f() async { await withUnsafeContinuation { $0.resume() } }\n",
    ]
    try withSources(files) { sources throws in
      func outcome(_ file: String) throws -> CheckOutcome {
        try EscapeHatchChecks.noSilencers(
          in: [file], problem: "the shared state", instead: "Leave the warnings for now",
          forUnsafeContinuation: ("a path that resumes twice", "Use withCheckedContinuation"),
          sources: sources)
      }
      #expect(
        try outcome("Unsafe.swift")
          == .fail(
            "\(sources.folder)/Unsafe.swift:1 uses `nonisolated(unsafe)`: this silences the compiler; it does not "
              + "fix the shared state. Leave the warnings for now"))
      #expect(
        try outcome("Continuation.swift")
          == .fail(
            "\(sources.folder)/Continuation.swift:1 uses `unsafe continuation`: this silences the runtime's check "
              + "that the continuation resumes exactly once; it does not fix a path that resumes "
              + "twice. Use withCheckedContinuation"))
    }
  }
}
