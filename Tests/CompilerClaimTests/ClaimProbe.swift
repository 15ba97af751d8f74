import CompilerDiagnostics
import Foundation

/// One claim the lab makes about the compiler, as a small Swift file the compiler must answer as
/// the claim says. The file's header says what is claimed, where, and with which flags; a marker
/// beside a line names the diagnostic that line must get. Probes/README.md describes the format.
struct ClaimProbe: Sendable {
  /// A diagnostic a line must get: its severity, and its ID or group, or both.
  struct Expectation: Sendable, Equatable, CustomStringConvertible {
    let line: Int
    let severity: CompilerDiagnostic.Severity
    /// Such as `concurrent_access_of_local_capture` (`swiftc -debug-diagnostic-names`).
    let id: String?
    /// Such as `SendableClosureCaptures`, written `#SendableClosureCaptures`.
    let group: String?

    /// Whether `diagnostic`, on a line of the probe's own file, is this one.
    func isMet(by diagnostic: CompilerDiagnostic) -> Bool {
      diagnostic.line == line && diagnostic.severity == severity
        && (id == nil || diagnostic.id == id) && (group == nil || diagnostic.group == group)
    }

    var description: String {
      "line \(line): \(severity.rawValue)" + (id.map { " \($0)" } ?? "")
        + (group.map { " #\($0)" } ?? "")
    }
  }

  /// What a probe that runs must do once built.
  enum RunOutcome: String, Sendable {
    /// Exit with status 0.
    case exitsNormally = "exits 0"
    /// Stop on a trap (a failed precondition), with a signal.
    case traps
  }

  /// Why a probe file cannot be read as one.
  struct FormatError: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file): \(reason)" }
  }

  /// The file's name without `.swift`: what the docs cite as `(probe: id)`.
  let id: String
  /// The probe's file name, such as `sendable-closure-var-capture.swift`.
  let fileName: String
  let claim: String
  /// The files, relative to the package root, that state the claim and cite the probe.
  let statedIn: [String]
  /// A claim still being written in another branch: where it will be stated, in words.
  let pending: String?
  /// The compiler flags of the claim's language mode, such as `-swift-version 5`.
  let flags: [String]
  let expectations: [Expectation]
  /// Nil for a probe that is only compiled.
  let run: RunOutcome?

  init(fileName: String, source: String) throws {
    id = String(fileName.dropLast(".swift".count))
    self.fileName = fileName
    func fail(_ reason: String) -> FormatError { FormatError(file: fileName, reason: reason) }

    var fields: [String: String] = [:]
    var current: String?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("//") else { break }
      if let match = line.wholeMatch(of: #/// (?<name>[A-Z][a-z]+(?: [a-z]+)?): (?<value>.*)/#) {
        current = String(match.name)
        fields[String(match.name)] = String(match.value)
      } else if let current, let match = line.wholeMatch(of: #///   (?<more>.*)/#) {
        fields[current, default: ""] += " " + match.more
      } else {
        current = nil
      }
    }
    guard let claim = fields["Claim"], !claim.isEmpty else { throw fail("no `// Claim:` line") }
    guard let statedIn = fields["Stated in"] else { throw fail("no `// Stated in:` line") }
    guard let flags = fields["Flags"], flags.contains("-swift-version") else {
      throw fail("no `// Flags:` line naming the language mode with -swift-version")
    }
    self.claim = claim
    if let pending = statedIn.wholeMatch(of: #/pending \((?<where>.+)\)/#) {
      self.pending = String(pending.where)
      self.statedIn = []
    } else {
      pending = nil
      self.statedIn = statedIn.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    self.flags = flags.split(separator: " ").map(String.init)
    if let run = fields["Run"] {
      guard let outcome = RunOutcome(rawValue: run) else {
        throw fail("`// Run:` must be `exits 0` or `traps`, not `\(run)`")
      }
      self.run = outcome
    } else {
      run = nil
    }

    // A marker at the end of a line is about that line; a marker alone on its line is about the
    // next line that is not a marker, for a line too long to hold one.
    var expectations: [Expectation] = []
    var forNextLine: [(CompilerDiagnostic.Severity, id: String?, group: String?)] = []
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let marker = line.firstMatch(of: #/// expect-(?<severity>error|warning): (?<what>.+)$/#)
      else {
        expectations += forNextLine.map {
          Expectation(line: index + 1, severity: $0.0, id: $0.id, group: $0.group)
        }
        forNextLine = []
        continue
      }
      var id: String?
      var group: String?
      for token in marker.what.split(separator: " ") {
        if token.hasPrefix("#") { group = String(token.dropFirst()) } else { id = String(token) }
      }
      guard let severity = CompilerDiagnostic.Severity(rawValue: String(marker.severity)),
        id != nil || group != nil
      else { throw fail("line \(index + 1): a marker names no diagnostic ID or #Group") }
      if line[..<marker.range.lowerBound].allSatisfy(\.isWhitespace) {
        forNextLine.append((severity, id, group))
      } else {
        expectations.append(Expectation(line: index + 1, severity: severity, id: id, group: group))
      }
    }
    guard forNextLine.isEmpty else { throw fail("a marker at the end of the file marks no line") }
    self.expectations = expectations
  }

  /// What differs between the marked expectations and `diagnostics` (errors and warnings, notes
  /// aside), one sentence each; empty when the compiler answered as the claim says. Every
  /// marker needs exactly one diagnostic, and every diagnostic needs a marker.
  func mismatches(with diagnostics: [CompilerDiagnostic]) -> [String] {
    var unexplained = diagnostics.filter { $0.severity == .error || $0.severity == .warning }
    var problems: [String] = []
    for expectation in expectations {
      if let index = unexplained.firstIndex(where: {
        $0.fileName == fileName && expectation.isMet(by: $0)
      }) {
        unexplained.remove(at: index)
      } else {
        problems.append("expected \(expectation), the compiler reported none")
      }
    }
    problems += unexplained.map { "unexpected \($0)" }
    return problems
  }
}
