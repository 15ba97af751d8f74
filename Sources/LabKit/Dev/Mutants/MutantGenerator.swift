import SourceScan

/// Makes the mutants of one file: every operator at every site it applies to, in the operators'
/// order, a mutant that gives the same text as an earlier one (or as the solution) left out.
struct MutantGenerator {
  /// One place an operator changes: where, and the file it gives.
  struct Site {
    let place: String
    let line: Int
    let text: String
  }

  let source: MutantSource
  let original: String
  /// Whether the module runs a plain nonisolated async function on its caller's actor (Swift
  /// 6.2's upcoming feature NonisolatedNonsendingByDefault, SE-0461) rather than on the global
  /// concurrent executor, as modules without it do.
  let nonisolatedNonsending: Bool
  /// Whether the module's default isolation is the main actor (SE-0466).
  let defaultMainActor: Bool

  init(
    file: String, text: String, nonisolatedNonsending: Bool = true, defaultMainActor: Bool = false
  ) {
    source = MutantSource(file: file, text: text)
    original = text
    self.nonisolatedNonsending = nonisolatedNonsending
    self.defaultMainActor = defaultMainActor
  }

  /// The mutants of the file, with their ids; only those in `places` (functions, as ids name
  /// them) when it is given.
  func mutants(in places: Set<String>? = nil) -> [Mutant] {
    var seen: Set<String> = [original]
    var result: [Mutant] = []
    for mutationOperator in MutationOperator.allCases {
      var ordinals: [String: Int] = [:]
      for site in sites(of: mutationOperator) {
        // Numbered before duplicates are dropped: an id depends on its own operator only.
        ordinals[site.place, default: 0] += 1
        guard places?.contains(site.place) ?? true, seen.insert(site.text).inserted else {
          continue
        }
        result.append(
          Mutant(
            id:
              "\(mutationOperator.rawValue):\(source.file):\(site.place)#\(ordinals[site.place]!)",
            mutationOperator: mutationOperator, file: source.file, line: site.line + 1,
            text: site.text, original: original))
      }
    }
    return result
  }

  /// The places (functions, as ids name them; `-` for the top of the file) where the file
  /// differs from `starter`: what the exercise asks the learner to write.
  func changedPlaces(since starter: String) -> Set<String> {
    let edits = UnifiedDiff.editScript(
      UnifiedDiff.splitLines(starter), UnifiedDiff.splitLines(original))
    var places: Set<String> = []
    for edit in edits where edit.kind != .same && !source.lines.isEmpty {
      let index = min(edit.newIndex, source.lines.count - 1)
      places.insert(source.statement(at: index).map(source.place(of:)) ?? "-")
    }
    // A changed method puts its type's isolation in question too: the declaration of the type
    // (`actor X`, placed at the top, `-`) and the type's own members.
    for place in places where place.contains(".") {
      places.insert("-")
      places.insert(String(place.prefix { $0 != "." }))
    }
    return places
  }

  /// The sites of one operator, in the file's order.
  func sites(of mutationOperator: MutationOperator) -> [Site] {
    switch mutationOperator {
    case .moveAcrossAwait: moveAcrossAwait()
    case .splitCriticalSection: splitCriticalSection()
    case .wrapInTask: wrapInTask(opener: "Task {")
    case .wrapInDetachedTask: wrapInTask(opener: "Task.detached {")
    case .dropTaskValue: dropTaskValue()
    case .asyncLetToSequential: asyncLetToSequential()
    case .sequentialToAsyncLet: sequentialToAsyncLet()
    case .removeCancellationCheck: removeCancellationCheck()
    case .removeCancellationHandler: removeCancellationHandler()
    case .removeDefer: defers(runEarly: false)
    case .deferRunsEarly: defers(runEarly: true)
    case .resumeTwice:
      resumes { statement, _ in source.text(of: statement) + source.text(of: statement) }
    case .resumeNever:
      resumes { statement, source in
        // A case's body needs a statement (The Swift Programming Language, Control Flow): it breaks.
        let before =
          statement.first > 0
          ? source.lines[statement.first - 1].trimmingCharacters(in: .whitespaces) : ""
        let after =
          source.lines[(statement.last + 1)...].first {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
          }?.trimmingCharacters(in: .whitespaces) ?? "}"
        let alone =
          (before.hasPrefix("case ") || before.hasPrefix("default"))
          && (after.hasPrefix("case ") || after.hasPrefix("default") || after.hasPrefix("}"))
        return alone ? [source.indentation(of: statement.first) + "break"] : []
      }
    case .resumeEarly: resumeEarly()
    case .actorToClass: actorToClass()
    case .removeMainActor: removeMainActor()
    case .addNonisolated: addNonisolated()
    case .splitWithLock: splitWithLock()
    case .negateCondition: negateCondition()
    case .removeCall: removeCall()
    case .widenLockRegion: lockRegions(widen: true)
    case .shrinkLockRegion: lockRegions(widen: false)
    case .addConcurrent: addConcurrent()
    case .addMainActorTask: addMainActorTask()
    case .flagInsteadOfWait: flagInsteadOfWait()
    case .resumeOnWrongPath: resumeOnWrongPath()
    }
  }

  // MARK: Helpers

  typealias Statement = MutantSource.Statement

  private func site(_ statement: Statement, _ first: Int, _ last: Int, _ lines: [String]) -> Site {
    Site(
      place: source.place(of: statement), line: first,
      text: source.replacing(first, last, with: lines))
  }

  /// Pairs of neighbouring statements of one block of code (a function's, a closure's, a
  /// branch's: never a type's members).
  private func neighbours() -> [(Statement, Statement)] {
    var pairs: [(Statement, Statement)] = []
    for block in source.blocks.indices {
      if case .type = source.blocks[block].kind { continue }
      let siblings = source.statements(in: block)
      for (x, y) in zip(siblings, siblings.dropFirst()) {
        pairs.append((x, y))
      }
    }
    return pairs.sorted { $0.0.first < $1.0.first }
  }

  /// Words that end a path or label a case: never moved.
  private static let barriers: Set<String> = [
    "case", "default", "return", "throw", "break", "continue", "fallthrough", "defer",
    "import", "func", "init", "deinit", "struct", "class", "enum", "actor", "extension",
    "protocol", "typealias",
  ]

  /// The names a `let`, `var`, `guard let`, `if let` or `async let` statement binds.
  private func declaredNames(_ statement: Statement) -> Set<String> {
    var names: Set<String> = []
    let tokens = statement.tokens
    for (index, token) in tokens.enumerated() where token.text == "let" || token.text == "var" {
      var next = index + 1
      if next < tokens.count, tokens[next].text == "(" {
        next += 1
        while next < tokens.count, tokens[next].text != ")" {
          if tokens[next].kind == .word { names.insert(tokens[next].text) }
          next += 1
        }
      } else if next < tokens.count, tokens[next].kind == .word {
        names.insert(tokens[next].text)
      }
    }
    return names
  }

  private func uses(_ statement: Statement, any names: Set<String>) -> Bool {
    !names.isDisjoint(with: source.allWords(of: statement))
  }

  /// The lines between two statements (comments), kept where they are.
  private func between(_ x: Statement, _ y: Statement) -> [String] {
    x.last + 1 < y.first ? Array(source.lines[(x.last + 1)..<y.first]) : []
  }

  /// Whether `statement` suspends the function it is in: it awaits, or a branch or loop of it
  /// does. An `await` in a closure it hands on (`group.addTask { try await … }`) suspends
  /// another task, not this one.
  private func suspends(_ statement: Statement) -> Bool {
    if statement.awaits { return true }
    return source.statements.contains { inner in
      guard inner.first > statement.first, inner.last <= statement.last, inner.awaits else {
        return false
      }
      for index in source.enclosingBlocks(of: inner) {
        if index == statement.block { return true }
        guard source.blocks[index].kind == .control else { return false }
      }
      return false
    }
  }

  /// Whether `statement` assigns or calls a mutating method: the write of a read-modify-write.
  private func writes(_ statement: Statement) -> Bool {
    let mutating: Set<String> = [
      "insert", "remove", "append", "removeValue", "removeAll", "formUnion", "subtract",
      "toggle", "popLast", "removeFirst", "removeLast", "merge", "updateValue",
    ]
    let tokens = Array(source.lineTokens[statement.first...statement.last].joined())
    let locals = localNames(before: statement)
    /// The name written at `index` (the token before `.insert` or `=`), skipping a subscript:
    /// a state write unless it names a local of the function.
    func isStateWrite(endingAt index: Int) -> Bool {
      var position = index
      if position >= 0, tokens[position].text == "]" {
        var depth = 0
        while position >= 0 {
          if tokens[position].text == "]" { depth += 1 }
          if tokens[position].text == "[" { depth -= 1 }
          position -= 1
          if depth == 0 { break }
        }
      }
      guard position >= 0, tokens[position].kind == .word,
        position == 0 || !["let", "var"].contains(tokens[position - 1].text)
      else { return false }
      let name = tokens[position].text
      let viaSelf =
        position >= 2 && tokens[position - 1].text == "." && tokens[position - 2].text == "self"
      return viaSelf || !locals.contains(name)
    }
    for (index, token) in tokens.enumerated() {
      if token.kind == .word, mutating.contains(token.text), index > 1,
        tokens[index - 1].text == ".", isStateWrite(endingAt: index - 2)
      {
        return true
      }
      guard token.text == "=" else { continue }
      let before = index > 0 ? tokens[index - 1].text : ""
      let after = index + 1 < tokens.count ? tokens[index + 1].text : ""
      guard !["=", "!", "<", ">"].contains(before), after != "=",
        !["let", "var"].contains(tokens.first?.text ?? "")
      else { continue }
      if isStateWrite(endingAt: ["+", "-", "*", "/"].contains(before) ? index - 2 : index - 1) {
        return true
      }
    }
    return false
  }

  /// The names the function holding `statement` declares before it and within it: its
  /// locals, which no other call can see, so a write to one is no write of shared state.
  private func localNames(before statement: Statement) -> Set<String> {
    guard let function = source.function(of: statement) else { return [] }
    var names: Set<String> = []
    for other in source.statements
    where other.first > function.openLine && other.first <= statement.last && other != statement {
      names.formUnion(declaredNames(other))
    }
    return names
  }

  /// Whether `statement` runs on an actor: in an actor, or in a `@MainActor` type or function.
  private func isIsolated(_ statement: Statement) -> Bool {
    source.enclosingBlocks(of: statement).contains { index in
      let block = source.blocks[index]
      if case .type(_, true) = block.kind { return true }
      return block.hasMainActorAttribute
    }
  }

  /// Whether `statement` is code in a body (a function's, a closure's, a branch's), not a
  /// member of a type or a declaration at the top of the file.
  private func isCode(_ statement: Statement) -> Bool {
    guard let block = statement.block else { return false }
    if case .type = source.blocks[block].kind { return false }
    return true
  }

  private static let modifiers = MutantSource.modifiers

  /// Whether `statement` is the only one of a function's or a closure's body: its value.
  private func isImplicitReturn(_ statement: Statement) -> Bool {
    guard let block = statement.block, source.statements(in: block).count == 1 else {
      return false
    }
    switch source.blocks[block].kind {
    case .function, .closure: return true
    default: return false
    }
  }

  private func indented(_ lines: [String], by extra: String = "  ") -> [String] {
    lines.map { $0.isEmpty ? $0 : extra + $0 }
  }

  private func dedented(_ lines: [String]) -> [String] {
    lines.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
  }

  // MARK: Operators

  /// Whether `statement` only logs: no part of what a caller sees, so that moving or removing
  /// it would only add equivalent mutants.
  private func isLog(_ statement: Statement) -> Bool {
    let logs: Set<String> = ["logger", "log", "print", "debugPrint", "NSLog", "os_log"]
    let words = statement.words
    return logs.contains(words.first ?? "")
      || words.first == "self" && logs.contains(words.dropFirst().first ?? "")
  }

  private func moveAcrossAwait() -> [Site] {
    neighbours().compactMap { x, y in
      guard suspends(x) || suspends(y), !isLog(x), !isLog(y),
        !Self.barriers.contains(x.firstWord ?? ""), !Self.barriers.contains(y.firstWord ?? ""),
        !uses(y, any: declaredNames(x)), !uses(x, any: declaredNames(y))
      else { return nil }
      return site(x, x.first, y.last, source.text(of: y) + between(x, y) + source.text(of: x))
    }
  }

  private func splitCriticalSection() -> [Site] {
    neighbours().compactMap { x, y in
      guard !suspends(x), !suspends(y), writes(y), source.canAwait(at: y), isIsolated(y),
        !Self.barriers.contains(x.firstWord ?? ""), !Self.barriers.contains(y.firstWord ?? "")
      else { return nil }
      let pause = source.indentation(of: y.first) + "await Task.yield()"
      return site(y, y.first, y.last, [pause] + source.text(of: y))
    }
  }

  /// Statements that await with nothing bound: `await f()`, `try await f()`, `x = await f()`.
  private func awaitedCalls() -> [Statement] {
    let binding: Set<String> = [
      "let", "var", "return", "throw", "guard", "if", "for", "while", "switch", "defer", "case",
      "default", "async", "do", "repeat",
    ]
    return source.statements.filter { statement in
      statement.awaits && !binding.contains(statement.firstWord ?? "")
        && statement.tokens.first?.kind == .word
        && !isImplicitReturn(statement)
    }
  }

  private func wrapInTask(opener: String) -> [Site] {
    awaitedCalls().map { statement in
      let indent = source.indentation(of: statement.first)
      return site(
        statement, statement.first, statement.last,
        [indent + opener] + indented(source.text(of: statement)) + [indent + "}"])
    }
  }

  private func dropTaskValue() -> [Site] {
    source.statements.compactMap { statement in
      let tokens = statement.tokens
      let joinsTask = tokens.indices.dropFirst().contains {
        tokens[$0].text == "value" && tokens[$0 - 1].text == "."
      }
      let firstLine = source.lines[statement.first].trimmingCharacters(in: .whitespaces)
      let discards =
        !["let", "var", "return", "guard", "if"].contains(statement.firstWord ?? "")
        || firstLine.hasPrefix("let _ ")
      guard statement.awaits, joinsTask, discards else { return nil }
      return site(statement, statement.first, statement.last, [])
    }
  }

  /// The lines after `statement` to the end of its function (or block): where its names are
  /// used.
  private func restOfScope(after statement: Statement) -> ClosedRange<Int>? {
    let end =
      source.function(of: statement)?.closeLine
      ?? statement.block.map { source.blocks[$0].closeLine } ?? (source.lines.count - 1)
    return statement.last + 1 <= end ? (statement.last + 1)...end : nil
  }

  private func asyncLetToSequential() -> [Site] {
    source.statements.compactMap { statement in
      let words = statement.words
      guard words.starts(with: ["async", "let"]), let scope = restOfScope(after: statement),
        let match = source.lines[statement.first].firstMatch(of: #/^(\s*)async let (.+?) = (.*)$/#)
      else { return nil }
      let names = declaredNames(statement)
      // Awaited with `try` where it is used: the child throws, and so does the call made
      // sequential.
      let throwsAtUse = source.lines[scope].contains { line in
        names.contains { name in
          line.matches(of: try! Regex("\\b\(name)\\b(?!:)")).contains {
            line[..<$0.range.lowerBound].contains("try ")
          }
        }
      }
      let first =
        "\(match.output.1)let \(match.output.2) = \(throwsAtUse ? "try await" : "await") "
        + match.output.3
      var lines = source.lines
      lines[statement.first] = first
      // A use that is a whole expression, `try await x` as an argument, loses its `try await`,
      // which now marks nothing that suspends: the mutant is the sequential code a learner
      // would write.
      for index in scope {
        for name in names {
          lines[index] = lines[index].replacing(
            try! Regex("(?:try\\s+)?await\\s+(\(name))\\b(?=\\s*[,)\\]]|\\s*$)"),
            with: { $0.output[1].substring ?? "" })
        }
      }
      return Site(
        place: source.place(of: statement), line: statement.first,
        text: lines.joined(separator: "\n") + (source.endsWithNewline ? "\n" : ""))
    }
  }

  private func sequentialToAsyncLet() -> [Site] {
    neighbours().compactMap { statement, next in
      guard statement.firstWord == "let", suspends(next),
        let match = source.lines[statement.first].firstMatch(
          of: #/^(\s*)let (\w+|\([\w, ]+\)) = (try await |await )(.*)$/#),
        let scope = restOfScope(after: statement)
      else { return nil }
      let names = declaredNames(statement)
      guard !uses(next, any: names) else { return nil }
      let awaitWord = match.output.3 == "await " ? "await" : "try await"
      var lines = source.lines
      lines[statement.first] = "\(match.output.1)async let \(match.output.2) = \(match.output.4)"
      for index in scope {
        for name in names {
          // No lookbehind in Swift's regexes: the character before the name is kept instead.
          lines[index] = lines[index].replacing(
            try! Regex("(^|[^.\\w])\(name)\\b(?!:)"),
            with: { "\($0.output[1].substring ?? "")(\(awaitWord) \(name))" })
        }
      }
      return Site(
        place: source.place(of: statement), line: statement.first,
        text: lines.joined(separator: "\n") + (source.endsWithNewline ? "\n" : ""))
    }
  }

  private func removeCancellationCheck() -> [Site] {
    source.statements.compactMap { statement in
      let words = statement.words
      let check = words.contains("checkCancellation") && statement.firstWord == "try"
      let test =
        ["if", "guard"].contains(statement.firstWord ?? "") && words.contains("isCancelled")
      guard check || test else { return nil }
      return site(statement, statement.first, statement.last, [])
    }
  }

  private func removeCancellationHandler() -> [Site] {
    var sites: [Site] = []
    for block in source.blocks where block.headerWords.last == "onCancel" {
      guard let statement = source.statement(at: block.openLine) else { continue }
      if block.openLine == block.closeLine {
        let line = source.lines[block.openLine].replacing(
          #/onCancel:\s*\{[^}]*\}/#, with: { _ in "onCancel: {}" })
        sites.append(site(statement, block.openLine, block.openLine, [line]))
      } else if block.closesOwnLine, block.openLine + 1 < block.closeLine {
        sites.append(site(statement, block.openLine + 1, block.closeLine - 1, []))
      }
    }
    for statement in source.statements
    where statement.words.contains("onTermination")
      && statement.tokens.contains(where: { $0.text == "=" })
    {
      // A handler that only cancels a task keeps the task named, `{ _ in _ = producer }`: with
      // the name left unused, apod-04's mutant did not build under the katas' warnings as
      // errors.
      let lines = source.text(of: statement)
      if lines.count == 1,
        let match = lines[0].firstMatch(of: #/^(.*\{ [\w, ]+ in )(\w+)\.cancel\(\) \}$/#)
      {
        sites.append(
          site(
            statement, statement.first, statement.first,
            ["\(match.output.1)_ = \(match.output.2) }"]))
      } else {
        sites.append(site(statement, statement.first, statement.last, []))
      }
    }
    return sites.sorted { $0.line < $1.line }
  }

  private func defers(runEarly: Bool) -> [Site] {
    source.statements.compactMap { statement in
      guard statement.firstWord == "defer" else { return nil }
      guard runEarly else { return site(statement, statement.first, statement.last, []) }
      let lines = source.text(of: statement)
      if lines.count == 1,
        let match = lines[0].firstMatch(of: #/^(\s*)defer \{ (.*) \}\s*$/#)
      {
        return site(
          statement, statement.first, statement.last, ["\(match.output.1)\(match.output.2)"])
      }
      guard lines.count > 2, lines.last?.trimmingCharacters(in: .whitespaces) == "}" else {
        return nil
      }
      return site(
        statement, statement.first, statement.last, dedented(Array(lines[1..<(lines.count - 1)])))
    }
  }

  /// The statements that resume a continuation.
  private func resumeStatements() -> [Statement] {
    source.statements.filter { statement in
      let tokens = statement.tokens
      return tokens.first?.kind == .word
        && tokens.indices.dropFirst().contains {
          tokens[$0].text == "resume" && tokens[$0 - 1].text == "."
        }
    }
  }

  private func resumes(_ change: (Statement, MutantSource) -> [String]) -> [Site] {
    resumeStatements().map { statement in
      site(statement, statement.first, statement.last, change(statement, source))
    }
  }

  private func resumeEarly() -> [Site] {
    let resumes = resumeStatements()
    return neighbours().compactMap { previous, statement in
      guard resumes.contains(statement), !Self.barriers.contains(previous.firstWord ?? ""),
        !uses(statement, any: declaredNames(previous))
      else { return nil }
      return site(
        statement, previous.first, statement.last,
        source.text(of: statement) + between(previous, statement) + source.text(of: previous))
    }
  }

  private func actorToClass() -> [Site] {
    source.statements.compactMap { statement in
      guard statement.words.contains("actor"),
        let match = source.lines[statement.first].firstMatch(
          of: #/^(\s*)((?:[\w@()]+ )*)actor (\w+)(?:\s*:\s*([^{]*?))?\s*\{\s*$/#)
      else { return nil }
      let conformances = ["@unchecked Sendable"] + (match.output.4.map { [String($0)] } ?? [])
      let line =
        "\(match.output.1)\(match.output.2)final class \(match.output.3): "
        + conformances.joined(separator: ", ") + " {"
      return site(statement, statement.first, statement.first, [line])
    }
  }

  private func removeMainActor() -> [Site] {
    var sites: [Site] = []
    for statement in source.statements where statement.tokens.first?.text == "@MainActor" {
      // Only the declaration's opening lines change: up to the one that opens its body.
      let all = source.text(of: statement)
      let headerCount = (all.firstIndex { $0.hasSuffix("{") } ?? 0) + 1
      var lines = Array(all.prefix(headerCount))
      guard let attribute = lines.firstIndex(where: { $0.contains("@MainActor") }) else {
        continue
      }
      if lines[attribute].trimmingCharacters(in: .whitespaces) == "@MainActor" {
        lines.remove(at: attribute)
      } else {
        lines[attribute] = lines[attribute].replacing("@MainActor ", with: "", maxReplacements: 1)
      }
      // A class no longer on the main actor says it is Sendable anyway, as a hurried migration
      // would: `@unchecked Sendable` turns the compiler's checking of it off (SE-0302).
      if let declaration = lines.firstIndex(where: { $0.contains("class ") && $0.hasSuffix("{") }) {
        let line = lines[declaration]
        if let match = line.firstMatch(of: #/^(.*class \w+)\s*:\s*(.*)\{$/#) {
          lines[declaration] = "\(match.output.1): @unchecked Sendable, \(match.output.2){"
        } else if let match = line.firstMatch(of: #/^(.*class \w+)\s*\{$/#) {
          lines[declaration] = "\(match.output.1): @unchecked Sendable {"
        }
      }
      sites.append(site(statement, statement.first, statement.first + headerCount - 1, lines))
    }
    for (index, line) in source.lines.enumerated() where line.contains("{ @MainActor in") {
      guard let statement = source.statement(at: index),
        source.lineTokens[index].contains(where: { $0.text == "@MainActor" })
      else { continue }
      sites.append(
        site(statement, index, index, [line.replacing("{ @MainActor in", with: "{")]))
    }
    return sites.sorted { $0.line < $1.line }
  }

  private func addNonisolated() -> [Site] {
    source.statements.compactMap { statement in
      guard let block = statement.block, case .type = source.blocks[block].kind,
        isIsolated(statement) || source.blocks[block].hasMainActorAttribute,
        statement.words.contains("func"),
        !statement.words.contains("nonisolated"), !statement.words.contains("static"),
        let line = source.text(of: statement).firstIndex(where: { $0.contains("func ") })
      else { return nil }
      let index = statement.first + line
      return site(
        statement, index, index,
        [source.lines[index].replacing("func ", with: "nonisolated func ", maxReplacements: 1)])
    }
  }

  private func splitWithLock() -> [Site] {
    var sites: [Site] = []
    for (index, block) in source.blocks.enumerated()
    where block.headerWords.last == "withLock" && block.closesOwnLine {
      guard let statement = source.statement(at: block.openLine),
        statement.first == block.openLine, statement.last == block.closeLine,
        !["let", "var", "return", "if", "guard"].contains(statement.firstWord ?? ""),
        source.lines[block.closeLine].trimmingCharacters(in: .whitespaces) == "}"
      else { continue }
      let inner = source.statements(in: index)
      let opener = source.lines[block.openLine]
      let closer = source.lines[block.closeLine]
      for (x, y) in zip(inner, inner.dropFirst()) {
        let lines =
          [opener] + Array(source.lines[inner[0].first...x.last]) + [closer, opener]
          + Array(source.lines[y.first..<block.closeLine]) + [closer]
        sites.append(site(statement, block.openLine, block.closeLine, lines))
      }
    }
    return sites
  }

  private func negateCondition() -> [Site] {
    var sites: [Site] = []
    for statement in source.statements
    where ["if", "guard", "while"].contains(statement.firstWord ?? "")
      && source.isConcurrent(statement)
    {
      for index in statement.first...statement.last {
        let line = source.lines[index]
        guard
          let match = line.firstMatch(
            of: #/^(\s*(?:\} else )?(?:if|guard|while) )(.+?)( \{| else \{.*)$/#)
        else { continue }
        // The line must start this statement or be one of its own `else if` lines.
        guard index == statement.first || source.statement(at: index) == statement else {
          continue
        }
        let condition = String(match.output.2)
        guard !condition.contains("let "), !condition.contains("var "),
          !condition.contains("case "), !Self.hasTopLevelComma(condition)
        else { continue }
        let negated =
          condition.wholeMatch(of: #/!([\w.]+)/#).map { String($0.output.1) } ?? "!(\(condition))"
        sites.append(
          site(statement, index, index, ["\(match.output.1)\(negated)\(match.output.3)"]))
      }
    }
    return sites
  }

  private static func hasTopLevelComma(_ text: String) -> Bool {
    var depth = 0
    for character in text {
      if "([{".contains(character) { depth += 1 }
      if ")]}".contains(character) { depth -= 1 }
      if character == ",", depth == 0 { return true }
    }
    return false
  }

  private func removeCall() -> [Site] {
    let keywords: Set<String> = Self.barriers.union([
      "let", "var", "if", "guard", "for", "while", "switch", "do", "repeat", "else", "catch",
      "return",
    ])
    return source.statements.compactMap { statement in
      let tokens = statement.tokens
      guard isCode(statement), let first = tokens.first, first.kind == .word,
        !keywords.contains(first.text), !Self.modifiers.contains(first.text),
        !isLog(statement),
        source.isConcurrent(statement), let last = tokens.last, [")", "}"].contains(last.text),
        tokens.contains(where: { $0.text == "(" || $0.text == "{" }),
        !writesByAssignment(tokens), !statement.words.contains("resume"),
        !statement.words.contains("checkCancellation"),
        !isImplicitReturn(statement)
      else { return nil }
      return site(statement, statement.first, statement.last, [])
    }
  }

  /// Whether the statement's own tokens assign at its top level (`x = f()`): not a call.
  private func writesByAssignment(_ tokens: [SwiftToken]) -> Bool {
    var depth = 0
    for (index, token) in tokens.enumerated() {
      if "([".contains(token.text) { depth += 1 }
      if ")]".contains(token.text) { depth -= 1 }
      guard depth == 0, token.text == "=" else { continue }
      let before = index > 0 ? tokens[index - 1].text : ""
      let after = index + 1 < tokens.count ? tokens[index + 1].text : ""
      if !["=", "!", "<", ">"].contains(before), after != "=" { return true }
    }
    return false
  }

  // MARK: Issue 34's later operators

  /// The `withLock` calls that are a whole statement of their own, with the block each opens:
  /// `state.withLock { state in … }`, never `let x = lock.withLock { … }` (whose last statement
  /// is the closure's value).
  private func lockStatements() -> [(statement: Statement, block: Int)] {
    source.blocks.indices.compactMap { index in
      let block = source.blocks[index]
      guard block.headerWords.last == "withLock",
        let statement = source.statement(at: block.openLine),
        statement.first == block.openLine, statement.last == block.closeLine,
        !["let", "var", "return", "if", "guard"].contains(statement.firstWord ?? ""),
        source.lines[block.closeLine].trimmingCharacters(in: .whitespaces).hasSuffix("}")
      else { return nil }
      return (statement, index)
    }
  }

  /// Whether `statement` uses the lock's closure parameter (named on the opening line, or `$0`):
  /// moved across the closure's brace, it would not compile.
  private func usesLockParameter(_ statement: Statement, openLine: Int) -> Bool {
    let words = Set(source.allWords(of: statement))
    let tokens = source.lineTokens[statement.first...statement.last].joined()
    if tokens.contains(where: { $0.text.hasPrefix("$") }) { return true }
    if let match = source.lines[openLine].firstMatch(of: #/\{\s*(\w+)\s+in\b/#) {
      return words.contains(String(match.output.1))
    }
    return false
  }

  /// `widen-lock-region`: the statement after a `withLock { … }` moved into its closure, as its
  /// last statement (a one-line closure is opened onto lines for it). `shrink-lock-region`: the
  /// closure's last statement, of two or more, moved just after the closure. Only a statement
  /// that does not use the closure's parameter moves, declares nothing, does not await (a lock's
  /// closure is synchronous) and is no log line: so that the mutant compiles and can matter.
  private func lockRegions(widen: Bool) -> [Site] {
    var sites: [Site] = []
    for (statement, index) in lockStatements() {
      let block = source.blocks[index]
      let movable = { (moved: Statement) -> Bool in
        !Self.barriers.contains(moved.firstWord ?? "")
          && !["let", "var", "guard"].contains(moved.firstWord ?? "")
          && !self.suspends(moved) && !self.isLog(moved)
          && !self.usesLockParameter(moved, openLine: block.openLine)
      }
      if widen {
        let siblings = source.statements(in: statement.block)
        guard let position = siblings.firstIndex(of: statement), position + 1 < siblings.count
        else { continue }
        let next = siblings[position + 1]
        guard movable(next) else { continue }
        let indent = source.indentation(of: block.openLine)
        var lines: [String]
        if block.openLine == block.closeLine {
          guard
            let match = source.lines[block.openLine].firstMatch(
              of: #/^(\s*)(.*withLock\s*\{(?:\s*\w+\s+in)?)\s+(.+?)\s*\}\s*$/#)
          else { continue }
          lines = [
            "\(match.output.1)\(match.output.2)", "\(match.output.1)  \(match.output.3)",
          ]
        } else {
          guard block.closesOwnLine else { continue }
          lines = Array(source.lines[block.openLine..<block.closeLine])
        }
        lines += between(statement, next) + indented(source.text(of: next)) + [indent + "}"]
        sites.append(site(statement, statement.first, next.last, lines))
      } else {
        let inner = source.statements(in: index)
        guard block.closesOwnLine, block.openLine < block.closeLine, inner.count >= 2,
          let last = inner.last, movable(last)
        else { continue }
        let lines =
          Array(source.lines[block.openLine..<last.first]) + [source.lines[block.closeLine]]
          + dedented(source.text(of: last))
        sites.append(site(statement, statement.first, statement.last, lines))
      }
    }
    return sites.sorted { $0.line < $1.line }
  }

  /// Whether one of the blocks around `statement` (or the statement itself) names a global
  /// actor, `@MainActor` or another: the isolation `@concurrent` would take away.
  private func hasGlobalActor(_ statement: Statement) -> Bool {
    let named = { (tokens: [SwiftToken]) in
      tokens.contains { $0.kind == .attribute && $0.text.hasSuffix("Actor") }
    }
    return named(statement.tokens)
      || source.enclosingBlocks(of: statement).contains { named(source.blocks[$0].header) }
  }

  /// `@concurrent` put before an async function's declaration: a `nonisolated` one, or one with
  /// no isolation to lose (not in an actor nor under a global actor), where the module's
  /// settings make that a change (`nonisolatedNonsending`, `defaultMainActor`). Swift 6.2's
  /// NonisolatedNonsendingByDefault runs a plain nonisolated async function on its caller's
  /// actor; `@concurrent` sends it to the global concurrent executor instead (SE-0461, "Run
  /// nonisolated async functions on the caller's actor by default"), where it may no longer
  /// touch the caller's state, and runs beside the caller's other work.
  private func addConcurrent() -> [Site] {
    source.statements.compactMap { statement in
      guard statement.words.contains("func"),
        !statement.tokens.contains(where: { $0.text == "@concurrent" }),
        let body = source.blocks.first(where: {
          $0.parent == statement.block && $0.openLine >= statement.first
            && $0.openLine <= statement.last
        }),
        case .function = body.kind, MutantSource.isAsync(header: body.header)
      else { return nil }
      let nonisolated =
        statement.words.contains("nonisolated")
        || source.enclosingBlocks(of: statement).contains {
          source.blocks[$0].headerWords.contains("nonisolated")
        }
      let inActor = source.enclosingBlocks(of: statement).contains {
        if case .type(_, true) = source.blocks[$0].kind { true } else { false }
      }
      guard nonisolated || (!inActor && !hasGlobalActor(statement)) else { return nil }
      // Where it changes something: a function the module's default puts on the main actor
      // loses it; a nonisolated one leaves its caller's actor, if the module runs it there.
      // Without NonisolatedNonsendingByDefault a nonisolated async function already runs on
      // the global concurrent executor (SE-0338), and `@concurrent` only says so.
      guard (defaultMainActor && !nonisolated) || nonisolatedNonsending else { return nil }
      let line = source.lines[statement.first]
      let indent = source.indentation(of: statement.first)
      return site(
        statement, statement.first, statement.first,
        [indent + "@concurrent " + line.dropFirst(indent.count)])
    }
  }

  /// An awaited statement run in `Task { @MainActor in … }`: nobody waits for it, and it runs on
  /// the main actor. Not where the statement is on the main actor already: there the task
  /// inherits it, and the mutant would be `wrap-in-task`'s.
  private func addMainActorTask() -> [Site] {
    awaitedCalls().filter { statement in
      // `@MainActor` before a block (a type's, a function's) or at a closure's start,
      // `Task { @MainActor in`.
      !source.enclosingBlocks(of: statement).contains {
        source.blocks[$0].hasMainActorAttribute
          || source.lines[source.blocks[$0].openLine].contains("{ @MainActor in")
      }
    }.map { statement in
      let indent = source.indentation(of: statement.first)
      return site(
        statement, statement.first, statement.last,
        [indent + "Task { @MainActor in"] + indented(source.text(of: statement)) + [indent + "}"])
    }
  }

  /// The innermost function or closure around `statement`.
  private func body(of statement: Statement) -> Int? {
    source.enclosingBlocks(of: statement).first {
      switch source.blocks[$0].kind {
      case .function, .closure: true
      default: false
      }
    }
  }

  /// `await x?.value`, the wait for a stored task (`_ = `, `try`, `self.` allowed), made
  /// `if x != nil { return }`: the work still running is taken as a reason to do nothing, a
  /// flag instead of a wait. The early return must compile without a value to invent: made in
  /// a function that returns nothing or a `Bool` (`return false`: nothing new was done), or in
  /// a closure that returns nothing, or returns a value in a function that returns a `Bool`.
  private func flagInsteadOfWait() -> [Site] {
    source.statements.compactMap { statement in
      guard statement.first == statement.last,
        let match = source.lines[statement.first].wholeMatch(
          of: #/(\s*)(?:_ = )?(?:try )?await ((?:self\.)?\w+)\?\.value\s*/#),
        let index = body(of: statement)
      else { return nil }
      // A closure that returns a value (`Task { …; return await load() }`) is taken to return
      // what its function does, as step 11's load task does: else the mutant does not compile.
      let returnsValue = source.statements.contains {
        $0.firstWord == "return" && $0.tokens.count > 1 && body(of: $0) == index
      }
      let function: MutantSource.Block? =
        if case .function = source.blocks[index].kind {
          source.blocks[index]
        } else {
          returnsValue ? source.function(of: statement) : nil
        }
      var result = "return"
      if let function {
        let header = function.header.map(\.text)
        if let arrow = header.indices.dropLast().first(where: {
          header[$0] == "-" && header[$0 + 1] == ">"
        }) {
          guard header[(arrow + 2)...] == ["Bool"] else { return nil }
          result = "return false"
        } else if returnsValue {
          return nil
        }
      }
      return site(
        statement, statement.first, statement.first,
        ["\(match.output.1)if \(match.output.2) != nil { \(result) }"])
    }
  }

  /// Whether two statements are on different paths of one `if`/`else` chain, `do`/`catch`,
  /// `switch` (different cases), or of a `guard`'s `else` and the code after the guard.
  private func onOtherPaths(_ a: Statement, _ b: Statement) -> Bool {
    let chainA = source.enclosingBlocks(of: a)
    let chainB = source.enclosingBlocks(of: b)
    guard let common = chainA.first(where: { chainB.contains($0) }) else { return false }
    // The block just inside `common` holding each, nil when it is a statement of `common`.
    func child(_ chain: [Int]) -> Int? {
      guard let position = chain.firstIndex(of: common), position > 0 else { return nil }
      return chain[position - 1]
    }
    let (blockA, blockB) = (child(chainA), child(chainB))
    let lineA = blockA.map { source.blocks[$0].openLine } ?? a.first
    let lineB = blockB.map { source.blocks[$0].openLine } ?? b.first
    let holderA = source.statements(in: common).last { $0.first <= lineA }
    let holderB = source.statements(in: common).last { $0.first <= lineB }
    // A switch's cases: the `case` (or `default`) each is under.
    if source.blocks[common].headerWords.first == "switch" {
      let label = { (line: Int) in
        source.statements(in: common).last {
          $0.first <= line && ["case", "default"].contains($0.firstWord ?? "")
        }
      }
      if label(lineA) != label(lineB) { return true }
    }
    guard let holderA, let holderB else { return false }
    switch (blockA, blockB) {
    case (let x?, let y?):
      return x != y && holderA == holderB && ["if", "do"].contains(holderA.firstWord ?? "")
    case (let x?, nil):
      return holderA.firstWord == "guard" && b.first > source.blocks[x].closeLine
    case (nil, let y?):
      return holderB.firstWord == "guard" && a.first > source.blocks[y].closeLine
    default:
      return false
    }
  }

  /// A continuation's resume replaced by the resume of another path of the same `if`/`else`,
  /// `do`/`catch`, `switch` or `guard`: one mutant for each ordered pair, the path resuming as
  /// the other would (a failure reported as a success, or the other way round). A resume that
  /// needs a name the path does not bind does not compile, and is counted so.
  private func resumeOnWrongPath() -> [Site] {
    let resumes = resumeStatements()
    let trimmed = { (statement: Statement) in
      source.text(of: statement).map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var sites: [Site] = []
    for statement in resumes {
      for other in resumes
      where other != statement && trimmed(other) != trimmed(statement)
        && onOtherPaths(statement, other)
      {
        let from = source.indentation(of: other.first)
        let to = source.indentation(of: statement.first)
        let lines = source.text(of: other).map {
          $0.hasPrefix(from) ? to + $0.dropFirst(from.count) : $0
        }
        sites.append(site(statement, statement.first, statement.last, lines))
      }
    }
    return sites
  }
}
