import CompilerDiagnostics
import Foundation
import Testing

/// Every claim the lab makes about what the compiler accepts, warns about or rejects, proven by
/// the compiler of this toolchain: a new compiler that answers differently turns a test red
/// instead of leaving a false lesson. The probes are in Probes/, one claim each.
@Suite("Compiler claims")
struct CompilerClaimTests {
  static let swiftcAvailable = (try? CompilerRun.findSwiftc()) != nil

  @Test(
    "The compiler answers each probe as its claim says",
    .enabled(if: swiftcAvailable), arguments: ProbeCompiler.probeFileNames)
  func claimHolds(fileName: String) async throws {
    let probe = try ClaimProbe(fileName: fileName, source: try Self.text(of: fileName))
    let outcome = try await ProbeCompiler.diagnostics(of: probe)
    try #require(!outcome.crashed, "the compiler crashed:\n\(outcome.output)")
    let mismatches = probe.mismatches(with: outcome.diagnostics)
    #expect(
      mismatches.isEmpty,
      "\(probe.id): \(probe.claim)\n\(mismatches.joined(separator: "\n"))\n\(outcome.output)")
    // No error was expected, so the compiler must have succeeded: a failure without a located
    // diagnostic (a bad flag) checked nothing.
    if !probe.expectations.contains(where: { $0.severity == .error }) {
      #expect(outcome.status == 0, "\(outcome.output)")
    }

    guard let expected = probe.run else { return }
    let result = try await ProbeCompiler.build(andRun: probe)
    try #require(result.build.status == 0, "the probe does not build:\n\(result.build.output)")
    switch expected {
    case .exitsNormally:
      #expect(result.reason == .exit && result.status == 0, "\(probe.id): \(probe.claim)")
    case .traps:
      #expect(result.reason == .uncaughtSignal, "\(probe.id): \(probe.claim)")
    }
  }

  @Test("Every probe names its claim, where it is stated, and its language mode")
  func probesAreWellFormed() throws {
    let names = ProbeCompiler.probeFileNames
    try #require(!names.isEmpty, "no probes in \(ProbeCompiler.probesDirectory.path)")
    for name in names {
      #expect(throws: Never.self) {
        try ClaimProbe(fileName: name, source: try Self.text(of: name))
      }
    }
  }

  /// Both directions: the file a probe names cites it as `(probe: id)` next to the claim, and
  /// every `(probe: id)` in the lab's text has its probe.
  @Test("Each claim cites its probe, and each citation has one")
  func claimsAndProbesPointAtEachOther() throws {
    let probes = try ProbeCompiler.probeFileNames.map {
      try ClaimProbe(fileName: $0, source: try Self.text(of: $0))
    }
    let citations = try Self.citations()
    let ids = Set(probes.map(\.id))
    for (file, cited) in citations.sorted(by: { $0.key < $1.key }) {
      for id in cited.sorted() where !ids.contains(id) {
        Issue.record("\(file) cites (probe: \(id)), which is not in Probes/")
      }
    }
    for probe in probes {
      if let pending = probe.pending {
        let citing = citations.filter { $0.value.contains(probe.id) }.keys.sorted()
        #expect(
          citing.isEmpty,
          "\(probe.id) is cited in \(citing): replace `pending (...)` with the file in its header")
        withKnownIssue("\(probe.id) waits for its claim to be written: \(pending)") {
          Issue.record("no text cites (probe: \(probe.id)) yet")
        }
        continue
      }
      #expect(!probe.statedIn.isEmpty, "\(probe.id) names no file that states its claim")
      for file in probe.statedIn {
        #expect(
          citations[file]?.contains(probe.id) ?? false,
          "\(file) does not cite (probe: \(probe.id)) next to the claim: \(probe.claim)")
      }
    }
  }

  /// Learners read the Markdown: a citation there is an HTML comment, which their viewer and the
  /// lab book hide, never the `(probe: id)` of hints and Swift comments.
  @Test("Markdown cites probes in HTML comments, out of the learner's way")
  func markdownHidesCitations() throws {
    let citations = try Self.citations()
    #expect(citations.keys.contains { $0.hasSuffix(".md") }, "no Markdown cites a probe")
    for file in citations.keys.sorted() where file.hasSuffix(".md") {
      let text = try String(
        contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
      let shown = text.matches(of: #/\((?:[^()]*;\s+)?probes?:\s+[a-z0-9-]/#).count
      #expect(
        shown == 0, "\(file) shows \(shown) probe citation(s) to learners: use <!-- probe: id -->")
    }
  }

  // MARK: - The harness itself

  static let sample = """
    // Claim: a plain `@Sendable` closure that captures a `var` is an error in the Swift 6 mode,
    //   escaping or not.
    // Stated in: Exercises/04-main-actor-run/README.md, Exercises/exercises.json
    // Flags: -swift-version 6

    func load() {
      var count = 0
      let body: @Sendable () -> Void = { print(count) }  // expect-error: concurrent_access_of_local_capture #SendableClosureCaptures
      count += 1  // expect-warning: #NeverMutated
      // expect-error: #SendableClosureCaptures
      let other: @Sendable () -> Void = { print(count) }
    }
    """

  @Test("A probe's header and markers")
  func readsProbe() throws {
    let probe = try ClaimProbe(fileName: "sample.swift", source: Self.sample)
    #expect(probe.id == "sample")
    #expect(
      probe.claim
        == "a plain `@Sendable` closure that captures a `var` is an error in the Swift 6 mode, "
        + "escaping or not.")
    #expect(
      probe.statedIn == ["Exercises/04-main-actor-run/README.md", "Exercises/exercises.json"])
    #expect(probe.flags == ["-swift-version", "6"])
    #expect(probe.run == nil)
    #expect(
      probe.expectations == [
        .init(
          line: 8, severity: .error, id: "concurrent_access_of_local_capture",
          group: "SendableClosureCaptures"),
        .init(line: 9, severity: .warning, id: nil, group: "NeverMutated"),
        .init(line: 11, severity: .error, id: nil, group: "SendableClosureCaptures"),
      ])

    #expect(throws: ClaimProbe.FormatError.self) {
      try ClaimProbe(fileName: "bad.swift", source: "// Claim: x\n// Stated in: README.md\n")
    }
    let pending = try ClaimProbe(
      fileName: "later.swift",
      source: "// Claim: x\n// Stated in: pending (lessons branch)\n// Flags: -swift-version 5\n")
    #expect(pending.pending == "lessons branch")
    #expect(pending.statedIn.isEmpty)
  }

  @Test("A claim fails on a missing, an unexpected or a different diagnostic")
  func comparesByIDAndGroup() throws {
    let probe = try ClaimProbe(fileName: "sample.swift", source: Self.sample)
    func diagnostic(
      line: Int, _ severity: CompilerDiagnostic.Severity = .error,
      id: String? = "concurrent_access_of_local_capture",
      group: String? = "SendableClosureCaptures",
      file: String = "sample.swift"
    ) -> CompilerDiagnostic {
      CompilerDiagnostic(
        file: file, line: line, column: 1, severity: severity, message: "any wording",
        group: group, id: id)
    }
    let warning = diagnostic(line: 9, .warning, id: "never_mutated", group: "NeverMutated")
    // Any ID will do where the marker names only the group.
    let other = diagnostic(line: 11, id: "any_id")
    let right = [diagnostic(line: 8), warning, other]
    #expect(probe.mismatches(with: right).isEmpty)
    // Notes explain; they are never expected or unexpected.
    #expect(probe.mismatches(with: right + [diagnostic(line: 3, .note)]).isEmpty)

    #expect(probe.mismatches(with: [warning, other]).count == 1)
    #expect(probe.mismatches(with: right + [diagnostic(line: 7)]).count == 1)
    #expect(probe.mismatches(with: right + [diagnostic(line: 8)]).count == 1)
    for wrong in [
      diagnostic(line: 8, .warning), diagnostic(line: 8, id: "other_id"),
      diagnostic(line: 8, group: nil), diagnostic(line: 8, file: "other.swift"),
    ] {
      #expect(probe.mismatches(with: [wrong, warning, other]).count == 2)
    }
  }

  // MARK: - Files

  /// The package root, two levels above this file's folder.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(of probeFile: String) throws -> String {
    try String(
      contentsOf: ProbeCompiler.probesDirectory.appendingPathComponent(probeFile), encoding: .utf8)
  }

  /// Where the lab's text lives: every claim a learner or an instructor reads.
  static let citingRoots = ["README.md", "docs", "Exercises", "Solutions", "Checks", "Sources"]

  /// The probe IDs each file cites as `(probe: id)` (or `(...; probe: id)`, and the ID may start
  /// the next line) or, in Markdown, as `<!-- probe: id -->`, by path relative to the package
  /// root.
  static func citations() throws -> [String: Set<String>] {
    var citations: [String: Set<String>] = [:]
    for root in citingRoots {
      let url = packageRoot.appendingPathComponent(root)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        continue
      }
      let files =
        isDirectory.boolValue
        ? (FileManager.default.enumerator(atPath: url.path)?.allObjects ?? [])
          .compactMap { $0 as? String }.map { "\(root)/\($0)" }
        : [root]
      for file in files where [".md", ".json", ".swift"].contains(where: file.hasSuffix) {
        let text = try String(
          contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        // `(probe: id)`, or several at once: `(probes: one, two)`; `<!-- probe: id -->` too.
        let cited = text.matches(
          of: #/probes?:\s+(?<ids>[a-z0-9-]+(?:,\s+[a-z0-9-]+)*)(?:\)|\s*-->)/#
        )
        .flatMap { match in
          match.ids.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
          }
        }
        if !cited.isEmpty { citations[file, default: []].formUnion(cited) }
      }
    }
    return citations
  }
}
