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
  /// `@preconcurrency`: an import whose concurrency diagnostics are downgraded (SE-0337), or a
  /// conformance whose isolation is checked only at run time (SE-0423).
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
