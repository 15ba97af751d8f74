/// Walks Swift source one Unicode scalar at a time, producing `SwiftToken`s: the tokenizer behind
/// `SwiftToken.tokenize(_:)`.
struct SwiftTokenScanner {
  let characters: [Unicode.Scalar]
  var position = 0
  var line = 1
  var tokens: [SwiftToken] = []

  init(characters: [Unicode.Scalar]) {
    self.characters = characters
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < characters.count ? characters[position + offset] : nil
  }

  private mutating func advance() {
    if characters[position] == "\n" { line += 1 }
    position += 1
  }

  private func startsWith(_ text: String) -> Bool {
    for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar {
      return false
    }
    return true
  }

  private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
  }

  private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || scalar.properties.numericType != nil
  }

  /// Scans code to the end of the source, or, inside a string interpolation, to the `)` that
  /// closes it (consumed).
  mutating func scanCode(untilClosingParenthesis: Bool) {
    var depth = 0
    while let scalar = peek() {
      if scalar.properties.isWhitespace {
        advance()
      } else if startsWith("//") {
        while let next = peek(), next != "\n" { advance() }
      } else if startsWith("/*") {
        skipBlockComment()
      } else if let hashes = rawStringOpening() {
        scanString(hashes: hashes)
      } else if scalar == "\"" {
        scanString(hashes: 0)
      } else if scalar == "`" {
        scanBacktickedWord()
      } else if scalar == "@", let next = peek(1), Self.isIdentifierStart(next) {
        let line = line
        advance()
        tokens.append(SwiftToken(.attribute, "@" + scanWord(), line: line))
      } else if Self.isIdentifierStart(scalar) {
        let line = line
        tokens.append(SwiftToken(.word, scanWord(), line: line))
      } else if scalar.properties.numericType != nil {
        // A number literal, digits, letters and underscores included (0x1F, 1_000, 2e10).
        while let next = peek(),
          Self.isIdentifierPart(next) || next == "." && peek(1)?.properties.numericType != nil
        {
          advance()
        }
      } else {
        if untilClosingParenthesis {
          if scalar == "(" { depth += 1 }
          if scalar == ")" {
            if depth == 0 {
              advance()
              return
            }
            depth -= 1
          }
        }
        tokens.append(SwiftToken(.punctuation, String(scalar), line: line))
        advance()
      }
    }
  }

  private mutating func scanWord() -> String {
    var word = ""
    while let next = peek(), Self.isIdentifierPart(next) {
      word.unicodeScalars.append(next)
      advance()
    }
    return word
  }

  private mutating func scanBacktickedWord() {
    let line = line
    advance()
    var word = ""
    while let next = peek(), next != "`", next != "\n" {
      word.unicodeScalars.append(next)
      advance()
    }
    if peek() == "`" { advance() }
    tokens.append(SwiftToken(.word, word, line: line))
  }

  /// Skips a block comment; Swift's block comments nest.
  private mutating func skipBlockComment() {
    var depth = 0
    while peek() != nil {
      if startsWith("/*") {
        depth += 1
        advance()
        advance()
      } else if startsWith("*/") {
        depth -= 1
        advance()
        advance()
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  /// The number of `#` before a string's opening quote, when a raw string starts here.
  private func rawStringOpening() -> Int? {
    var hashes = 0
    while peek(hashes) == "#" { hashes += 1 }
    return hashes > 0 && peek(hashes) == "\"" ? hashes : nil
  }

  /// Skips a string literal opened here (after `hashes` `#`), scanning its interpolations as
  /// code.
  private mutating func scanString(hashes: Int) {
    for _ in 0..<hashes { advance() }
    let multiline = startsWith("\"\"\"")
    let quote = multiline ? "\"\"\"" : "\""
    for _ in 0..<quote.unicodeScalars.count { advance() }
    let closing = quote + String(repeating: "#", count: hashes)
    let escape = "\\" + String(repeating: "#", count: hashes)
    while let scalar = peek() {
      if startsWith(closing) {
        for _ in 0..<closing.unicodeScalars.count { advance() }
        return
      }
      if !multiline && scalar == "\n" { return }  // Unterminated: the compiler says so.
      if startsWith(escape) {
        for _ in 0..<escape.unicodeScalars.count { advance() }
        if peek() == "(" {
          advance()
          scanCode(untilClosingParenthesis: true)
        } else if peek() != nil {
          advance()  // The escaped character, a quote or a backslash included.
        }
        continue
      }
      advance()
    }
  }
}
