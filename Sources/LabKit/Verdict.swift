import Foundation

/// What checking an exercise found.
public enum Verdict: Sendable, Equatable {
  /// Every check passed.
  case passed([CheckLine])
  /// Some checks failed; each line says which and why.
  case failed([CheckLine])
  /// The exercise (or its checks, against it) did not compile.
  case doesNotCompile(errors: [String])
  /// The check process crashed while running `check`.
  case crashed(reason: String, check: String?)
  /// The check process was stopped after `seconds` while running `check`.
  case hung(seconds: TimeInterval, check: String?)

  /// One `LAB-CHECK` line of a check executable.
  public struct CheckLine: Sendable, Equatable {
    public let name: String
    public let passed: Bool
    public let detail: String?
  }

  public var isPass: Bool {
    if case .passed = self { true } else { false }
  }

  /// The names of the checks that failed, `compile`, `crash` or `hang`: what metadata's
  /// `starterFails` and `mustFail` are compared with.
  public var failureNames: [String] {
    switch self {
    case .passed: []
    case .failed(let lines): lines.filter { !$0.passed }.map(\.name)
    case .doesNotCompile: ["compile"]
    case .crashed: ["crash"]
    case .hung: ["hang"]
    }
  }

  /// A one-line summary, for tables.
  public var summary: String {
    switch self {
    case .passed(let lines): "pass (\(lines.count) checks)"
    case .failed(let lines):
      "fail: " + lines.filter { !$0.passed }.map(\.name).joined(separator: "; ")
    case .doesNotCompile(let errors): "does not compile (\(errors.count) errors)"
    case .crashed(_, let check): "crashed" + (check.map { " in \"\($0)\"" } ?? "")
    case .hung(let seconds, let check):
      "hung after \(Int(seconds)) s" + (check.map { " in \"\($0)\"" } ?? "")
    }
  }
}

/// Reads a check executable's output (see `LabCheckKit.CheckSuite`).
public enum CheckOutputParser {
  /// The `LAB-CHECK` lines, in order.
  public static func checkLines(in output: String) -> [Verdict.CheckLine] {
    output.split(separator: "\n").compactMap { line in
      if line.hasPrefix("LAB-CHECK pass ") {
        return Verdict.CheckLine(
          name: String(line.dropFirst("LAB-CHECK pass ".count)), passed: true, detail: nil)
      }
      guard line.hasPrefix("LAB-CHECK fail ") else { return nil }
      let rest = line.dropFirst("LAB-CHECK fail ".count)
      guard let separator = rest.range(of: " :: ") else {
        return Verdict.CheckLine(name: String(rest), passed: false, detail: nil)
      }
      return Verdict.CheckLine(
        name: String(rest[..<separator.lowerBound]), passed: false,
        detail: String(rest[separator.upperBound...]))
    }
  }

  /// The learner's compiler warnings the checks printed, `<file>:<line>: <message> [#Group]`.
  public static func warnings(in output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("LAB-WARNING ") }
      .map { String($0.dropFirst("LAB-WARNING ".count)) }
  }

  /// The check that was running last: the one a crash or a hang happened in.
  public static func runningCheck(in output: String) -> String? {
    output.split(separator: "\n").last { $0.hasPrefix("LAB-RUNNING ") }
      .map { String($0.dropFirst("LAB-RUNNING ".count)) }
  }

  /// The runtime's own words for a crash: a fatal error, a misused continuation, a failed
  /// precondition.
  public static func crashReason(in output: String) -> String {
    let markers = [
      "SWIFT TASK CONTINUATION MISUSE", "Fatal error", "Precondition failed", "Assertion failed",
      "fatal error", "Illegal instruction", "Segmentation fault",
    ]
    let lines = output.split(separator: "\n").map(String.init)
    if let line = lines.first(where: { line in markers.contains { line.contains($0) } }) {
      return line.trimmingCharacters(in: .whitespaces)
    }
    return lines.last { !$0.hasPrefix("LAB-") && !$0.isEmpty } ?? "no message"
  }

  /// The compiler's error lines in a build's output, without duplicates, most useful first:
  /// those in the exercise's own files.
  public static func compileErrors(in output: String, preferring folder: String) -> [String] {
    var seen = Set<String>()
    let errors = output.split(separator: "\n").map(String.init).filter { line in
      line.contains(": error: ") && !line.hasPrefix(" ") && seen.insert(line).inserted
    }
    return errors.filter { $0.contains(folder) } + errors.filter { !$0.contains(folder) }
  }
}
