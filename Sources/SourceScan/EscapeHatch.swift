import Foundation

/// A construct that makes the compiler stop checking data-race safety somewhere, and so can
/// hide a race from it.
public enum EscapeHatch: String, CaseIterable, Sendable {
  /// `nonisolated(unsafe)`: a variable the compiler no longer checks (SE-0412).
  case nonisolatedUnsafe = "nonisolated(unsafe)"
  /// `@unchecked Sendable`: a type declared safe to share without proof (SE-0302).
  case uncheckedSendable = "@unchecked Sendable"
  /// `assumeIsolated`: code declared to run on an actor, checked only at run time (SE-0392).
  case assumeIsolated = "assumeIsolated"
  /// `@preconcurrency`: an import or conformance whose Sendable checking is relaxed (SE-0337,
  /// SE-0423).
  case preconcurrency = "@preconcurrency"
  /// `withUnsafeContinuation` and `withUnsafeThrowingContinuation`: a continuation whose
  /// "resumed exactly once" is not checked (SE-0300).
  case unsafeContinuation = "unsafe continuation"

  /// Where `tokens` use this construct: the index of the token that starts each use.
  func uses(in tokens: [SwiftToken]) -> [Int] {
    tokens.indices.filter { index in
      let token = tokens[index]
      switch self {
      case .nonisolatedUnsafe:
        let following = tokens.dropFirst(index + 1).prefix(3).map(\.text)
        return token.kind == .word && token.text == "nonisolated"
          && following == ["(", "unsafe", ")"]
      case .uncheckedSendable:
        return token.kind == .attribute && token.text == "@unchecked"
      case .assumeIsolated:
        return token.kind == .word && token.text == "assumeIsolated"
      case .preconcurrency:
        return token.kind == .attribute && token.text == "@preconcurrency"
      case .unsafeContinuation:
        return token.kind == .word
          && ["withUnsafeContinuation", "withUnsafeThrowingContinuation"].contains(token.text)
      }
    }
  }
}

/// One use of an escape hatch in a source file.
public struct EscapeHatchUse: Hashable, Sendable, CustomStringConvertible {
  public let hatch: EscapeHatch
  /// The file's path, as given to the scan.
  public let file: String
  /// The 1-based line of the use.
  public let line: Int

  public init(hatch: EscapeHatch, file: String, line: Int) {
    self.hatch = hatch
    self.file = file
    self.line = line
  }

  public var description: String { "\(file):\(line): \(hatch.rawValue)" }
}

/// Finds the escape hatches in Swift source, ignoring comments and string literals.
public enum EscapeHatchScan {
  /// The uses of `hatches` in `source`, in the order they appear, reported as in `file`.
  public static func uses(
    in source: String, file: String, of hatches: [EscapeHatch] = EscapeHatch.allCases
  ) -> [EscapeHatchUse] {
    let tokens = SwiftToken.tokenize(source)
    return hatches.flatMap { hatch in
      hatch.uses(in: tokens).map { EscapeHatchUse(hatch: hatch, file: file, line: tokens[$0].line) }
    }
    .sorted { ($0.line, $0.hatch.rawValue) < ($1.line, $1.hatch.rawValue) }
  }

  /// The uses of `hatches` in every `.swift` file under `folder`, by file path then line; each
  /// file is named by its path relative to `folder`.
  ///
  /// - Throws: when the folder or a file cannot be read.
  public static func uses(
    inSwiftFilesUnder folder: URL, of hatches: [EscapeHatch] = EscapeHatch.allCases
  ) throws -> [EscapeHatchUse] {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().flatMap { path in
      let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      return uses(in: source, file: path, of: hatches)
    }
  }
}
