/// Which declaration each line of a Swift source file belongs to, found by a light scan rather
/// than a parser: enough to say that a diagnostic at line 122 sits in `CoffeeData.save`.
///
/// The scan follows braces, skipping comments and string literals (interpolations included), and
/// gives a brace to the declaration that opened it: a type, `func`, `init`, `deinit`,
/// `subscript`, or a `var` or `let` whose body or closure starts on its own line (`let
/// saveAction = {`). Every other brace (closures, `if`, `do`, `didSet`) belongs to no declaration,
/// so a line inside a closure still belongs to the function around it. Raw strings (`#"..."#`)
/// and regex literals are not special-cased: the app's sources have none.
public struct SourceOutline: Sendable {
  /// One declaration and the lines it spans.
  struct Declaration: Sendable {
    let name: String
    let firstLine: Int
    var lastLine: Int
  }

  private let declarations: [Declaration]
  private let codeLines: [String]

  /// Scans `source`.
  public init(source: String) {
    var scanner = Scanner()
    var lines: [String] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(scanner.scan(line: String(line)))
    }
    scanner.closeAll(atLine: lines.count)
    declarations = scanner.finished.sorted { $0.firstLine < $1.firstLine }
    codeLines = lines
  }

  /// The names of the declarations around `line`, outermost first, such as `["CoffeeData",
  /// "save"]`; a declaration that starts on `line` itself is included.
  public func declarationPath(atLine line: Int) -> [String] {
    declarations.filter { $0.firstLine <= line && line <= $0.lastLine }.map(\.name)
  }

  /// The code on `line` (1-based), with its comments and the text of its string literals
  /// removed; nil past the end.
  public func code(atLine line: Int) -> String? {
    codeLines.indices.contains(line - 1) ? codeLines[line - 1] : nil
  }
}

extension SourceOutline {
  /// The brace-following state machine behind `SourceOutline`, fed one line at a time.
  private struct Scanner {
    /// Where the scan is: in code, in a string literal, or in a block comment.
    private enum Mode {
      /// Code; `interpolationParens` counts the open parentheses of a `\(...)` interpolation, nil
      /// for top-level code.
      case code(interpolationParens: Int?)
      case string(multiline: Bool)
      case blockComment
    }

    /// An open brace, and the declaration it belongs to, if any.
    private struct OpenBrace {
      let declaration: Declaration?
    }

    private var modes: [Mode] = [.code(interpolationParens: nil)]
    private var braces: [OpenBrace] = []
    /// A declaration whose opening brace has not been seen yet, with the bracket depth its body
    /// brace must appear at (so that `= { _ in }` in a parameter list is not taken for the body).
    private var pending: (declaration: Declaration, bracketDepth: Int, keepsToNextLine: Bool)?
    private var bracketDepth = 0
    private var lineNumber = 0
    private(set) var finished: [Declaration] = []

    /// Scans one line and returns its code, comments and string contents removed.
    mutating func scan(line: String) -> String {
      lineNumber += 1
      // A line that starts in code may start a declaration.
      if case .code(nil) = modes.last!, let declaration = declaration(in: line) {
        pending = (
          Declaration(name: declaration.name, firstLine: lineNumber, lastLine: lineNumber),
          bracketDepth, declaration.keepsToNextLine
        )
        // A body-less declaration (a stored property, a protocol requirement) still covers its
        // own line.
        finished.append(pending!.declaration)
      }
      var code = ""
      var characters = line[...]
      while let character = characters.popFirst() {
        switch modes.last! {
        case .blockComment:
          if character == "*", characters.first == "/" {
            characters.removeFirst()
            modes.removeLast()
          } else if character == "/", characters.first == "*" {
            characters.removeFirst()
            modes.append(.blockComment)
          }
        case .string(let multiline):
          if character == "\\" {
            let escaped = characters.popFirst()
            if escaped == "(" { modes.append(.code(interpolationParens: 1)) }
          } else if character == "\"" && (!multiline || characters.hasPrefix("\"\"")) {
            if multiline { characters.removeFirst(2) }
            modes.removeLast()
            code.append("\"\"")
          }
        case .code(let interpolationParens):
          if character == "/", characters.first == "/" {
            characters.removeAll()
          } else if character == "/", characters.first == "*" {
            characters.removeFirst()
            modes.append(.blockComment)
          } else if character == "\"" {
            let multiline = characters.hasPrefix("\"\"")
            if multiline { characters.removeFirst(2) }
            modes.append(.string(multiline: multiline))
          } else if let parens = interpolationParens, character == "(" || character == ")" {
            // Inside `\(...)`: the closing parenthesis that balances it returns to the string.
            let depth = parens + (character == "(" ? 1 : -1)
            modes[modes.count - 1] = .code(interpolationParens: depth)
            if depth == 0 { modes.removeLast() } else { code.append(character) }
          } else {
            code.append(character)
            handle(code: character)
          }
        }
      }
      // A single-line string never continues on the next line; recover if one was left open.
      if let open = modes.firstIndex(where: { if case .string(false) = $0 { true } else { false } })
      {
        modes.removeSubrange(open...)
      }
      if let open = pending, !open.keepsToNextLine { pending = nil }
      return code
    }

    /// Follows the brackets of top-level code.
    private mutating func handle(code character: Character) {
      switch character {
      case "(", "[":
        bracketDepth += 1
      case ")", "]":
        bracketDepth -= 1
      case "{":
        if let open = pending, open.bracketDepth == bracketDepth {
          braces.append(OpenBrace(declaration: open.declaration))
          // The body's lines are recorded when its brace closes.
          finished.removeAll { $0.firstLine == open.declaration.firstLine }
          pending = nil
        } else {
          braces.append(OpenBrace(declaration: nil))
        }
      case "}":
        // A brace closing around a body-less declaration (a protocol's last requirement) ends
        // the wait for its body; the end of a closure in its parameter list does not.
        if let open = pending, bracketDepth <= open.bracketDepth { pending = nil }
        if var declaration = braces.popLast()?.declaration {
          declaration.lastLine = lineNumber
          finished.append(declaration)
        }
      default:
        break
      }
    }

    /// Closes whatever an unbalanced file left open at its last line.
    mutating func closeAll(atLine line: Int) {
      while let brace = braces.popLast() {
        if var declaration = brace.declaration {
          declaration.lastLine = line
          finished.append(declaration)
        }
      }
    }

    /// The declaration a line starts, if it starts one: attributes and modifiers, then a
    /// declaration keyword, then a name. `if let x` or `case let x` do not start at the
    /// keyword, so they are not taken for declarations.
    private func declaration(in line: String) -> (name: String, keepsToNextLine: Bool)? {
      guard let match = line.prefixMatch(of: declarationStart) else { return nil }
      let keyword = String(match.keyword)
      let name = match.name.map(String.init) ?? keyword
      // A function's signature may run over several lines before its body; a property's body
      // starts on its own line or not at all.
      return (name, !["var", "let"].contains(keyword))
    }

    // One per scanner, built once: a `Regex` is not `Sendable`, so it cannot be a shared
    // `static let`, and one built at each line cost most of a warning report's time (perf).
    private let declarationStart: Regex<(Substring, keyword: Substring, name: Substring?)> =
      #/
      \s*
      (?: @[\w.]+ (?: \( [^)]* \) )? \s+ )*
      (?: (?: private | fileprivate | internal | package | public | open | static | class
          | final | lazy | weak | unowned | override | required | convenience | nonisolated
          | mutating | nonmutating | dynamic | indirect | distributed )
          (?: \( [^)]* \) )? \s+ )*
      (?<keyword> func | init | deinit | subscript | var | let | class | struct | enum | actor
          | extension | protocol ) \b
      (?: \s+ (?<name> [A-Za-z_][\w.]* ) )?
      /#
  }
}
