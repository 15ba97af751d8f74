import SourceScan

/// A Swift file as the mutation operators read it: its lines, the code tokens on each line, and
/// the statements and blocks those lines make.
///
/// Why SourceScan's tokens and whole lines, not `swiftc -dump-parse` ranges: the files mutated
/// are reference solutions kept in swift-format's style (`make lint`), one statement a line or a
/// statement wrapped over lines, so a statement is found from where its brackets open and close;
/// the tokens already leave comments and string text out; and the operators write whole lines,
/// which keeps every mutant a readable diff. `-dump-parse` would cost a compiler run per file and
/// tie the lab to a dump format that changes between compilers without notice.
struct MutantSource {
  /// One statement: a line range, in the block that holds it.
  struct Statement: Equatable {
    /// The first and last line, counted from 0.
    let first: Int
    let last: Int
    /// The block the statement is in, nil at the top of the file.
    let block: Int?
    /// The statement's own tokens: those of its block, not of the blocks it opens.
    let tokens: [SwiftToken]

    /// The first word, such as `let`, `defer` or `try`.
    var firstWord: String? { tokens.first { $0.kind == .word }?.text }
    /// The words of the statement's own tokens.
    var words: [String] { tokens.filter { $0.kind == .word }.map(\.text) }
    /// Whether the statement itself awaits (an `await` of a block it opens does not count).
    var awaits: Bool { words.contains("await") }
  }

  /// What a `{ … }` opens.
  enum BlockKind: Equatable {
    /// `if`, `else`, `guard … else`, `for`, `while`, `repeat`, `do`, `catch`, `switch`.
    case control
    /// A `defer` body.
    case deferBody
    /// A function, initializer or accessor body, named.
    case function(String)
    /// A type or extension body, named; `isActor` for an actor.
    case type(String, isActor: Bool)
    /// A closure: `Task { … }`, `withLock { … }`, a completion handler.
    case closure
  }

  /// One `{ … }`.
  struct Block: Equatable {
    let kind: BlockKind
    /// The lines of its `{` and its `}`, counted from 0.
    let openLine: Int
    let closeLine: Int
    /// Whether the `}` is the first token of its line: then the line holds nothing else of
    /// the block's statements.
    let closesOwnLine: Bool
    let parent: Int?
    /// The tokens before the `{`, back to the previous bracket or the start of the statement:
    /// `func toggle(…) async throws -> Bool`, `onCancel :`, `try await withChecked…`.
    let header: [SwiftToken]

    var headerWords: [String] { header.filter { $0.kind == .word }.map(\.text) }
    var hasMainActorAttribute: Bool { header.contains { $0.text == "@MainActor" } }
  }

  /// The file's name, such as `FavouritesStore.swift`.
  let file: String
  let lines: [String]
  let endsWithNewline: Bool
  let statements: [Statement]
  let blocks: [Block]
  /// The code tokens of each line, counted from 0.
  let lineTokens: [[SwiftToken]]

  init(file: String, text: String) {
    self.file = file
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    endsWithNewline = text.hasSuffix("\n")
    if endsWithNewline { lines.removeLast() }
    self.lines = lines
    let tokens = SwiftToken.tokenize(text)
    var byLine = [[SwiftToken]](repeating: [], count: lines.count + 1)
    for token in tokens where token.line - 1 < byLine.count { byLine[token.line - 1].append(token) }
    lineTokens = byLine
    (statements, blocks) = Self.structure(lines: lines, tokens: tokens)
  }

  /// Every word on the lines of `statement`, the blocks it opens included.
  func allWords(of statement: Statement) -> [String] {
    lineTokens[statement.first...statement.last].joined().filter { $0.kind == .word }.map(\.text)
  }

  /// The innermost statement holding line `index`.
  func statement(at index: Int) -> Statement? {
    statements.filter { $0.first <= index && index <= $0.last }.max { $0.first < $1.first }
  }

  /// The text with lines `first...last` replaced by `replacement`.
  func replacing(_ first: Int, _ last: Int, with replacement: [String]) -> String {
    var result = lines
    result.replaceSubrange(first...last, with: replacement)
    return result.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
  }

  /// The lines of `statement`.
  func text(of statement: Statement) -> [String] {
    Array(lines[statement.first...statement.last])
  }

  /// The leading spaces of line `index`.
  func indentation(of index: Int) -> String {
    String(lines[index].prefix { $0 == " " || $0 == "\t" })
  }

  /// The blocks that hold `statement`, innermost first.
  func enclosingBlocks(of statement: Statement) -> [Int] {
    var chain: [Int] = []
    var current = statement.block
    while let index = current {
      chain.append(index)
      current = blocks[index].parent
    }
    return chain
  }

  /// The function (or accessor) body `statement` is in, and its name qualified by its type
  /// (`FavouritesStore.toggle`), or the type's name for a statement of a type's body: the
  /// stable part of a mutant's id.
  func place(of statement: Statement) -> String {
    // A declaration is placed by what it declares.
    var function: String? = blocks.lazy.filter {
      $0.parent == statement.block && $0.openLine >= statement.first
        && $0.openLine <= statement.last
    }.compactMap { block -> String? in
      if case .function(let name) = block.kind { name } else { nil }
    }.first
    for index in enclosingBlocks(of: statement) {
      switch blocks[index].kind {
      case .function(let name) where function == nil: function = name
      case .type(let name, _): return function.map { "\(name).\($0)" } ?? name
      default: continue
      }
    }
    return function ?? "-"
  }

  /// The innermost function body holding `statement`, if any.
  func function(of statement: Statement) -> Block? {
    enclosingBlocks(of: statement).lazy.map { blocks[$0] }.first {
      if case .function = $0.kind { true } else { false }
    }
  }

  /// The innermost type body holding `statement`, if any.
  func type(of statement: Statement) -> Block? {
    enclosingBlocks(of: statement).lazy.map { blocks[$0] }.first {
      if case .type = $0.kind { true } else { false }
    }
  }

  /// Whether `statement` runs in an async function with no closure or `defer` between: where
  /// an inserted `await` compiles.
  func canAwait(at statement: Statement) -> Bool {
    for index in enclosingBlocks(of: statement) {
      switch blocks[index].kind {
      case .control: continue
      case .function: return Self.isAsync(header: blocks[index].header)
      default: return false
      }
    }
    return false
  }

  /// Whether a function's header says `async` after its parameters.
  static func isAsync(header: [SwiftToken]) -> Bool {
    var depth = 0
    for token in header {
      if token.text == "(" { depth += 1 }
      if token.text == ")" { depth -= 1 }
      if depth == 0, token.kind == .word, token.text == "async" { return true }
    }
    return false
  }

  /// Whether `statement` is code where concurrency decides what happens: in an async function,
  /// an actor or a `@MainActor` type or function, or a closure handed to a task, a lock, a
  /// continuation or a task group. The generic operators (a negated condition, a removed call)
  /// only mutate there.
  func isConcurrent(_ statement: Statement) -> Bool {
    let words = [
      "Task", "detached", "addTask", "withLock", "withTaskGroup", "withThrowingTaskGroup",
      "withDiscardingTaskGroup", "withTaskCancellationHandler", "onCancel", "onTermination",
      "run", "AsyncStream", "AsyncThrowingStream",
    ]
    for index in enclosingBlocks(of: statement) {
      let block = blocks[index]
      if block.hasMainActorAttribute { return true }
      switch block.kind {
      case .function: if Self.isAsync(header: block.header) { return true }
      case .type(_, let isActor): if isActor { return true }
      case .closure:
        if block.headerWords.contains(where: { words.contains($0) || $0.contains("Continuation") })
        {
          return true
        }
      default: continue
      }
    }
    return false
  }

  /// The statements of `block` (nil: the top level), in order.
  func statements(in block: Int?) -> [Statement] {
    statements.filter { $0.block == block }
  }

  // MARK: Reading the structure

  /// Words that can precede a declaration's keyword.
  static let modifiers: Set<String> = [
    "private", "fileprivate", "internal", "public", "open", "static", "final",
    "override", "nonisolated", "mutating", "nonmutating", "lazy", "weak", "unowned",
    "convenience", "required", "isolated", "consuming", "borrowing", "package",
  ]

  /// What a block with `header` opens.
  static func kind(of header: [SwiftToken]) -> BlockKind {
    // Skip attributes (with their arguments) and modifiers, `nonisolated(unsafe)` included.
    var index = 0
    while index < header.count {
      let token = header[index]
      if token.kind == .attribute || (token.kind == .word && modifiers.contains(token.text)) {
        index += 1
        if index < header.count, header[index].text == "(" {
          var depth = 0
          while index < header.count {
            if header[index].text == "(" { depth += 1 }
            if header[index].text == ")" { depth -= 1 }
            index += 1
            if depth == 0 { break }
          }
        }
        continue
      }
      break
    }
    let rest = header[index...]
    guard let first = rest.first else { return .closure }
    let next = rest.dropFirst().first { $0.kind == .word }?.text ?? first.text
    switch first.text {
    case "if", "else", "guard", "for", "while", "repeat", "do", "catch", "switch":
      return .control
    case "defer": return .deferBody
    case "func": return .function(next + labels(in: rest))
    case "init", "subscript": return .function(first.text + labels(in: rest))
    case "deinit": return .function(first.text)
    case "actor": return .type(next, isActor: true)
    case "class", "struct", "enum", "extension", "protocol": return .type(next, isActor: false)
    case "var", "let":
      // `var x: T {` is a computed property; `let t = Task {` a closure.
      return rest.contains { $0.text == "=" } ? .closure : .function(next)
    case "get", "set", "didSet", "willSet", "_read", "_modify": return .function(first.text)
    default: return .closure
    }
  }

  /// A declaration's argument labels as Swift names them, `(_:completion:)`: overloads get
  /// places of their own. The first parenthesis of `header` holds the parameters.
  static func labels(in header: ArraySlice<SwiftToken>) -> String {
    guard let open = header.firstIndex(where: { $0.text == "(" }) else { return "" }
    var labels: [String] = []
    var depth = 0
    var expectsLabel = true
    for token in header[open...] {
      switch token.text {
      case "(", "[":
        depth += 1
        expectsLabel = depth == 1
        continue
      case ")", "]":
        depth -= 1
      case "," where depth == 1:
        expectsLabel = true
        continue
      default:
        if depth == 1, expectsLabel, token.kind == .word {
          labels.append(token.text)
        }
      }
      expectsLabel = false
      if depth == 0 { break }
    }
    return "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// Tokens that, first on a line, carry on the statement of the line before.
  static let continuingStarts: Set<String> = [
    ".", "}", "{", ")", "]", "&", "|", "?", ":", "+", "-", "*", "/", "=", "<", ">", "else",
    "catch", "where", "throws", "rethrows", "async",
  ]

  /// Tokens that, last on a line, leave its statement open.
  static let continuingEnds: Set<String> = [
    "=", "(", "[", ",", "&", "|", "+", "-", "*", ".", "?", "return", "try", "await",
  ]

  private static func structure(lines: [String], tokens: [SwiftToken]) -> (
    [Statement], [Block]
  ) {
    // Each token's block and bracket depth within it; each line's block at its first token.
    struct Placed {
      let token: SwiftToken
      let block: Int?
      let depth: Int
    }
    struct Open {
      let line: Int
      let parent: Int?
      let headerEnd: Int
    }
    var placed: [Placed] = []
    var stack: [(block: Int, depth: Int)] = []
    var depth = 0
    var opens: [Open] = []
    var closes: [Int: (line: Int, first: Bool)] = [:]
    var previousLine = 0
    for token in tokens {
      let line = token.line - 1
      let firstOnLine = placed.isEmpty || line != previousLine
      previousLine = line
      switch token.text {
      case "{":
        placed.append(Placed(token: token, block: stack.last?.block, depth: depth))
        opens.append(Open(line: line, parent: stack.last?.block, headerEnd: placed.count - 1))
        stack.append((opens.count - 1, depth))
        depth = 0
      case "}":
        if let top = stack.popLast() {
          closes[top.block] = (line, firstOnLine)
          depth = top.depth
        }
        placed.append(Placed(token: token, block: stack.last?.block, depth: depth))
      case "(", "[":
        placed.append(Placed(token: token, block: stack.last?.block, depth: depth))
        depth += 1
      case ")", "]":
        depth = max(0, depth - 1)
        placed.append(Placed(token: token, block: stack.last?.block, depth: depth))
      default:
        placed.append(Placed(token: token, block: stack.last?.block, depth: depth))
      }
    }
    // The first token of each line, with the block and depth it starts in.
    var firstOfLine: [Int: Int] = [:]
    var lastOfLine: [Int: Int] = [:]
    for (index, item) in placed.enumerated() {
      let line = item.token.line - 1
      if firstOfLine[line] == nil { firstOfLine[line] = index }
      lastOfLine[line] = index
    }
    let codeLines = firstOfLine.keys.sorted()
    func lineTokensOf(_ line: Int) -> [SwiftToken] {
      placed[firstOfLine[line]!...lastOfLine[line]!].map(\.token)
    }
    func startBlock(_ line: Int) -> Int? {
      let item = placed[firstOfLine[line]!]
      // A line starting with `}` starts in the block that brace closes.
      if item.token.text == "}" {
        return closes.first { $0.value.line == line && $0.value.first }?.key
      }
      return item.block
    }
    // Which code lines start a statement.
    var starts: [Int: Int?] = [:]
    for (position, line) in codeLines.enumerated() {
      let first = placed[firstOfLine[line]!]
      // `async` alone carries on a signature; `async let` starts a statement.
      let asyncLet =
        first.token.text == "async"
        && lineTokensOf(line).dropFirst().first?.text == "let"
      guard first.depth == 0, first.token.text != "}",
        !continuingStarts.contains(first.token.text) || asyncLet
      else { continue }
      if position > 0 {
        let previous = codeLines[position - 1]
        let last = placed[lastOfLine[previous]!]
        let previousFirst = placed[firstOfLine[previous]!]
        // An attribute on a line of its own belongs to the declaration below it.
        let attributeLine =
          previousFirst.token.kind == .attribute
          && (last.token.kind == .attribute || last.token.text == ")")
        // The tokens leave literals out: a line ending `= 0` or `= "x"` ends its statement.
        let previousText = lines[previous].trimmingCharacters(in: .whitespaces)
        let endsWithToken = previousText.hasSuffix(last.token.text)
        // A `?` right after a type (`Task<Void, Never>?`) ends a declaration; only a ternary's
        // `?`, after a space, goes on.
        let optionalType = last.token.text == "?" && !previousText.hasSuffix(" ?")
        if continuingEnds.contains(last.token.text) && last.block == first.block && endsWithToken
          && !optionalType
          || attributeLine
        {
          continue
        }
      }
      starts[line] = first.block
    }
    // Blocks, with their headers: back from the `{` to a bracket of the same block, or to the
    // line where the statement holding it starts.
    let startLines = starts.keys.sorted()
    var blocks: [Block] = []
    for (index, open) in opens.enumerated() {
      let statementStart =
        startLines.last { $0 <= open.line && starts[$0]! == open.parent } ?? 0
      var headerStart = open.headerEnd
      while headerStart > 0 {
        let candidate = placed[headerStart - 1]
        guard candidate.block == open.parent, candidate.token.text != "{",
          candidate.token.text != "}", candidate.token.text != ";",
          candidate.token.line - 1 >= statementStart
        else { break }
        headerStart -= 1
      }
      let header = placed[headerStart..<open.headerEnd].map(\.token)
      let close = closes[index] ?? (lines.count - 1, false)
      blocks.append(
        Block(
          kind: kind(of: header), openLine: open.line, closeLine: close.line,
          closesOwnLine: close.first, parent: open.parent, header: header))
    }
    // Whether `inner` is `outer` or nested in it.
    func inside(_ inner: Int?, _ outer: Int?) -> Bool {
      var current = inner
      while true {
        if current == outer { return true }
        guard let index = current else { return false }
        current = blocks[index].parent
      }
    }
    // Statements: from each start to the line before the next start of the same block, or to
    // the line before the block's own `}`.
    var statements: [Statement] = []
    for (position, line) in startLines.enumerated() {
      let block = starts[line]!
      var end: Int
      if let next = startLines[(position + 1)...].first(where: { starts[$0]! == block }) {
        end = next - 1
      } else if let block {
        end = blocks[block].closesOwnLine ? blocks[block].closeLine - 1 : blocks[block].closeLine
      } else {
        end = lines.count - 1
      }
      // Not past the block's end when the next start is in an outer block.
      if let block, end >= blocks[block].closeLine, blocks[block].closesOwnLine {
        end = blocks[block].closeLine - 1
      }
      // Trailing blank and comment lines belong to no statement.
      while end > line, firstOfLine[end] == nil { end -= 1 }
      // Lines of outer blocks after this one (a `}` closing the block) end it too.
      if let nextOuter = codeLines.first(where: {
        $0 > line && $0 <= end && !inside(startBlock($0), block)
      }) {
        end = nextOuter - 1
        while end > line, firstOfLine[end] == nil { end -= 1 }
      }
      let own = placed.filter {
        let tokenLine = $0.token.line - 1
        return tokenLine >= line && tokenLine <= end && $0.block == block
      }.map(\.token)
      statements.append(Statement(first: line, last: end, block: block, tokens: own))
    }
    return (statements, blocks)
  }
}
