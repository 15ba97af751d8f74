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
  case crashed(CrashReport, check: String?)
  /// The check process was stopped after `seconds` while running `check`, which had said it
  /// was waiting for `waitingFor`. `inYourCode` is where threads were in the learner's files
  /// when it was stopped (`function at file:line`, and the call it was in): empty when no thread
  /// was, nil when there was no backtrace to tell. `waitsInYourCode` is, when no thread was
  /// seen there, the learner's calls that block a thread (`BlockingWaits`): the backtrace cannot
  /// see a thread blocked in one, so these are where one may be.
  case hung(
    seconds: TimeInterval, check: String?, waitingFor: String?, inYourCode: [String]? = nil,
    waitsInYourCode: [String] = [])

  /// One `LAB-CHECK` line of a check executable, with the `LAB-DETAIL` lines after it.
  public struct CheckLine: Sendable, Equatable {
    public let name: String
    public let passed: Bool
    /// The first line of what went wrong.
    public let detail: String?
    /// The lines after the first: more of the story, or `expected:` and `actual:` values.
    public let moreDetails: [String]

    public init(name: String, passed: Bool, detail: String?, moreDetails: [String] = []) {
      self.name = name
      self.passed = passed
      self.detail = detail
      self.moreDetails = moreDetails
    }
  }

  public var isPass: Bool {
    if case .passed = self { true } else { false }
  }

  /// The names of the checks that failed, `compile`, `crash` or `hang`: what metadata's
  /// `starterFails` and `mustFail` are compared with. A crash after a failed check counts as
  /// that check's failure too: the check had said so before the process died.
  public var failureNames: [String] {
    switch self {
    case .passed: []
    case .failed(let lines): lines.filter { !$0.passed }.map(\.name)
    case .doesNotCompile: ["compile"]
    case .crashed(let report, _): report.failedBefore + ["crash"]
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
    case .crashed(let report, let check):
      (report.failedBefore.isEmpty
        ? "" : "fail: " + report.failedBefore.joined(separator: "; ") + ", then ")
        + "crashed" + (check.map { " in \"\($0)\"" } ?? "") + ": \(report.message)"
    case .hung(let seconds, let check, let waitingFor, let inYourCode, _):
      "hung after \(Int(seconds)) s" + (check.map { " in \"\($0)\"" } ?? "")
        + (waitingFor.map { ", waiting for \($0)" } ?? "")
        + (inYourCode?.first.map { ", never returning from \($0)" } ?? "")
    }
  }

  /// Whether two verdicts are the same answer: the same outcome (pass, fail, does not compile,
  /// crash, hang). Details may differ between runs: a crash's addresses, a hang's time, and the
  /// other checks a real race happens to break besides the one a row names (`Verification`
  /// requires that one in every run). A crash after a failed check is that failure: whether the
  /// process also died afterwards is one of those details.
  public func isSameAnswer(as other: Verdict) -> Bool {
    outcome == other.outcome
  }

  private enum Outcome { case pass, fail, doesNotCompile, crash, hang }

  private var outcome: Outcome {
    switch self {
    case .passed: .pass
    case .failed: .fail
    case .doesNotCompile: .doesNotCompile
    case .crashed(let report, _): report.failedBefore.isEmpty ? .crash : .fail
    case .hung: .hang
    }
  }
}
