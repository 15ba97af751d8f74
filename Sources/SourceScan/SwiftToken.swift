/// A word or a punctuation mark of Swift code, with the line it is on. Comments, whitespace and
/// the text of string literals produce no tokens; the code inside a string's interpolations does.
public struct SwiftToken: Hashable, Sendable {
  /// What kind of token this is.
  public enum Kind: Hashable, Sendable {
    /// A name or keyword, such as `nonisolated` or `assumeIsolated` (backticks removed).
    case word
    /// An attribute's name with its `@`, such as `@preconcurrency`.
    case attribute
    /// Any other character of code, such as `(` or `.`.
    case punctuation
  }

  public let kind: Kind
  public let text: String
  /// The 1-based line the token starts on.
  public let line: Int

  public init(_ kind: Kind, _ text: String, line: Int) {
    self.kind = kind
    self.text = text
    self.line = line
  }

  /// Splits Swift source into tokens, skipping comments (nested block comments included) and
  /// the literal text of strings (single-line, multi-line and raw).
  ///
  /// A scanner, not a parser: enough to find words in code without being fooled by a comment
  /// or a string that mentions them. Regular expression literals are read as code.
  public static func tokenize(_ source: String) -> [SwiftToken] {
    var scanner = SwiftTokenScanner(characters: Array(source.unicodeScalars))
    scanner.scanCode(untilClosingParenthesis: false)
    return scanner.tokens
  }
}
