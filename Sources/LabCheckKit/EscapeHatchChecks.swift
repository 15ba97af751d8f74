import Foundation
import SourceScan

/// Checks that the learner fixed what the compiler pointed at instead of switching its checking
/// off: an escape hatch in the learner's files fails the check, naming the file and the line.
public enum EscapeHatchChecks {
  /// Fails when `files` of the exercise use one of `hatches`.
  ///
  /// - Parameters:
  ///   - files: the learner's files, such as `["ImageCache.swift"]`.
  ///   - problem: what the escape hatch leaves unfixed, such as "the data race on `entries`".
  public static func outcome(
    of files: [String], sources: ExerciseSources? = nil,
    hatches: [EscapeHatch] = EscapeHatch.allCases, leavesUnfixed problem: String
  ) throws -> CheckOutcome {
    let sources = try sources ?? ExerciseSources()
    let uses = try files.flatMap { file in
      EscapeHatchScan.uses(in: try sources.text(of: file), file: file, of: hatches)
    }
    guard let first = uses.first else { return .pass }
    let others = uses.dropFirst().map { "\($0.file):\($0.line) (\($0.hatch.rawValue))" }
    return .fail(
      "\(first.file):\(first.line) uses \(first.hatch.rawValue): \(silences(first.hatch)); it "
        + "does not fix \(problem)"
        + (others.isEmpty ? "" : ". Also: \(others.joined(separator: ", "))"))
  }

  /// What `hatch` switches off, in the learner's words.
  static func silences(_ hatch: EscapeHatch) -> String {
    switch hatch {
    case .unsafeContinuation:
      // The compiler never checks how often a continuation resumes. A checked continuation
      // traps on a second resume and logs one dropped unresumed; an unsafe one checks neither
      // (the CheckedContinuation and UnsafeContinuation documentation, SE-0300).
      "this silences the runtime's check that the continuation resumes exactly once"
    case .nonisolatedUnsafe, .uncheckedSendable, .assumeIsolated, .preconcurrency:
      "this silences the compiler"
    }
  }
}
