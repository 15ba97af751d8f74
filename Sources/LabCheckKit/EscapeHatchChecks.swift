import Foundation
import SourceScan

/// Checks for the escape hatches a learner may reach for to quiet the compiler, in the learner's
/// own files. Comments and strings never count: the scan reads tokens (`SourceScan`).
public enum EscapeHatchChecks {
  /// One use of a silencer in a learner's file.
  public struct Use: Sendable, Hashable, CustomStringConvertible {
    public let silencer: Silencer
    /// The file's name, such as `HealthKitController.swift`.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The file with its folder and line, as a failure names it (`ExerciseSources.place`).
    public let place: String

    public var description: String { "\(place) uses \(silencer)" }
  }

  /// The uses of `silencers` in `files` of the exercise's sources, by file then line.
  public static func uses(
    of silencers: [Silencer] = Silencer.all, in files: [String], of sources: ExerciseSources
  ) throws -> [Use] {
    try files.flatMap { file -> [Use] in
      let source = try sources.text(of: file)
      let hatches = silencers.compactMap { silencer -> EscapeHatch? in
        if case .hatch(let hatch) = silencer { hatch } else { nil }
      }
      var found = EscapeHatchScan.uses(in: source, file: file, of: hatches).map {
        Use(
          silencer: .hatch($0.hatch), file: file, line: $0.line,
          place: sources.place(of: file, line: $0.line))
      }
      if silencers.contains(.mainQueueSync) {
        found += mainQueueSyncLines(in: source).map {
          Use(
            silencer: .mainQueueSync, file: file, line: $0,
            place: sources.place(of: file, line: $0))
        }
      }
      return found.sorted { $0.line < $1.line }
    }
  }

  /// Passes when none of `files` uses any of `silencers`; otherwise fails with "this silences
  /// the compiler; it does not fix `problem`", naming the file and line, and what to do instead.
  /// `forUnsafeContinuation` gives the problem and the advice that fit an unsafe continuation,
  /// when they differ from the others': a step about continuations says what a checked one
  /// reports, and gives no continuation advice for `nonisolated(unsafe)`.
  public static func noSilencers(
    _ silencers: [Silencer] = Silencer.all, in files: [String], problem: String, instead: String,
    forUnsafeContinuation continuation: (problem: String, instead: String)? = nil,
    sources: ExerciseSources? = nil
  ) throws -> CheckOutcome {
    let found = try uses(of: silencers, in: files, of: try sources ?? ExerciseSources())
    guard let first = found.first else { return .pass }
    let others = found.count > 1 ? " (and \(found.count - 1) more)" : ""
    let (problem, instead) =
      first.silencer == .hatch(.unsafeContinuation)
      ? continuation ?? (problem, instead) : (problem, instead)
    return .fail(
      "\(first)\(others): \(first.silencer.silences); it does not fix \(problem). \(instead)")
  }

  /// Fails when `files` of the exercise use one of `hatches`, naming the file and line of each
  /// use and what the first one `leavesUnfixed`, such as "the data race on `entries`".
  public static func outcome(
    of files: [String], sources: ExerciseSources? = nil,
    hatches: [EscapeHatch] = EscapeHatch.allCases, leavesUnfixed problem: String
  ) throws -> CheckOutcome {
    let found = try uses(
      of: hatches.map { .hatch($0) }, in: files, of: try sources ?? ExerciseSources())
    guard let first = found.first else { return .pass }
    let others = found.dropFirst().map { "\($0.place) (\($0.silencer))" }
    return .fail(
      "\(first): \(first.silencer.silences); it does not fix \(problem)"
        + (others.isEmpty ? "" : ". Also: \(others.joined(separator: ", "))"))
  }

  /// The lines where `DispatchQueue.main.sync` is called: the words `DispatchQueue`, `main` and
  /// `sync` joined by dots.
  static func mainQueueSyncLines(in source: String) -> [Int] {
    let tokens = SwiftToken.tokenize(source)
    return tokens.indices.compactMap { index in
      let words = tokens[index...].prefix(5).map(\.text)
      return words == ["DispatchQueue", ".", "main", ".", "sync"] ? tokens[index].line : nil
    }
  }
}
