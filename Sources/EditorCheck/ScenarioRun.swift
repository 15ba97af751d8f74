import Dispatch
import Foundation

/// One scenario against a running server: open, measure, wait for the index, then judge.
struct ScenarioRun {
  let scenario: EditorScenario
  let server: LanguageServer
  let root: URL
  let deadline: DispatchTime
  let verbose: Bool

  /// Opens the scenario's file and checks what the server says of it; true when all is as
  /// expected. Prints one line per check.
  func perform() throws -> Bool {
    let file = root.appendingPathComponent("Exercises/\(scenario.exerciseID)/\(scenario.file)")
    var text = try String(contentsOf: file, encoding: .utf8)
    if !text.hasSuffix("\n") { text += "\n" }
    let firstAddedLine = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    text += scenario.addedLines.joined(separator: "\n") + "\n"
    let document = ["uri": file.absoluteString]
    /// The request parameters for a position in the first added line: at `needle`'s second
    /// character, or just after it.
    func at(_ needle: String, after: Bool = false) throws -> [String: Any] {
      let line = scenario.addedLines[0]
      let range = try require(line.range(of: needle), needle)
      let column = line.distance(
        from: line.startIndex, to: after ? range.upperBound : range.lowerBound)
      return [
        "textDocument": document,
        "position": ["line": firstAddedLine, "character": after ? column : column + 1],
      ]
    }
    let definitionParams = try at(scenario.platformType)

    print("\(scenario.name): Exercises/\(scenario.exerciseID)/\(scenario.file)")
    let opened = DispatchTime.now()
    try server.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": file.absoluteString, "languageId": "swift", "version": 1, "text": text,
        ]
      ])

    // What a learner sees: how long after opening the file the editor first knows where the
    // type is defined. Asked twice a second, as someone hovering and clicking would; this is a
    // measurement only, the verdicts below wait for the server to say it has finished.
    var firstAnswer: Double?
    while firstAnswer == nil, DispatchTime.now() < deadline {
      let answer = try server.request(
        "textDocument/definition", definitionParams, deadline: deadline)
      if definitionPaths(answer).contains(where: { $0.hasSuffix(scenario.definitionFile) }) {
        firstAnswer = seconds(since: opened)
      } else {
        Thread.sleep(forTimeInterval: 0.5)
      }
    }
    if let firstAnswer {
      print("  first definition answer \(String(format: "%.1f", firstAnswer)) s after opening")
    }

    // The verdicts: once the server has updated its build graph and finished indexing.
    _ = try server.request("workspace/synchronize", ["index": true], deadline: deadline)
    print("  index ready \(String(format: "%.1f", seconds(since: opened))) s after opening")
    var passed = true
    func report(_ ok: Bool, _ what: String) {
      print("  \(ok ? "✓" : "✗") \(what)")
      passed = passed && ok
    }

    let definition = definitionPaths(
      try server.request("textDocument/definition", definitionParams, deadline: deadline))
    let expectedPath = root.appendingPathComponent(scenario.definitionFile).standardizedFileURL
      .resolvingSymlinksInPath().path
    report(
      // Exactly there: one answer, not a copy from Solutions/ or another exercise.
      !definition.isEmpty
        && definition.allSatisfy {
          URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == expectedPath
        },
      "definition of \(scenario.platformType) is in \(scenario.definitionFile)"
        + (definition.isEmpty ? " (no answer)" : " (answer: \(definition.joined(separator: ", ")))")
    )

    let own = definitionPaths(
      try server.request(
        "textDocument/definition", try at(scenario.ownType), deadline: deadline))
    report(
      own == [file.resolvingSymlinksInPath().path],
      "definition of \(scenario.ownType) is this exercise's own, no other step's"
        + " (answer: \(own.isEmpty ? "none" : own.joined(separator: ", ")))")

    let hover = try server.request("textDocument/hover", definitionParams, deadline: deadline)
    let hoverText = String(describing: (hover as? [String: Any])?["contents"] ?? "")
    report(hoverText.contains(scenario.platformType), "hover on \(scenario.platformType) answers")

    // Completion right after `value.`: the members of the lab's type.
    let completion = try server.request(
      "textDocument/completion", try at("value.", after: true), deadline: deadline)
    let items =
      ((completion as? [String: Any])?["items"] as? [[String: Any]])
      ?? (completion as? [[String: Any]]) ?? []
    report(
      items.contains { ($0["label"] as? String)?.hasPrefix(scenario.member) == true },
      "completion after `value.` offers \(scenario.member) (\(items.count) items)")

    let diagnostics = try pullDiagnostics(document: document)
      .filter { $0.line >= firstAddedLine }
    if verbose {
      for diagnostic in diagnostics {
        print("    line +\(diagnostic.line - firstAddedLine): \(diagnostic.json)")
      }
    }
    for expected in scenario.expected {
      let line = firstAddedLine + expected.addedLine
      let found = diagnostics.filter { $0.line == line && $0.group == expected.group }
      switch expected.severity {
      case nil:
        report(found.isEmpty, "no [#\(expected.group)] on added line \(expected.addedLine)")
      case let severity?:
        report(
          found.contains { $0.severity == severity },
          "[#\(expected.group)] \(severity == 1 ? "error" : "warning") on added line "
            + "\(expected.addedLine)"
            + (found.isEmpty ? " (none)" : " (got severity \(found.map(\.severity)))"))
      }
    }
    print("  (\(scenario.settingsProof))")
    try server.notify("textDocument/didClose", ["textDocument": document])
    return passed
  }

  /// A diagnostic as the check reads it.
  struct Diagnostic: CustomStringConvertible {
    let line: Int
    let severity: Int
    let group: String?
    let message: String
    /// The diagnostic as the server sent it.
    let json: String
    var description: String { "severity \(severity) [\(group ?? "no group")] \(message)" }
  }

  /// The document's diagnostics, asked for (LSP 3.17 pull diagnostics), as editors do today.
  private func pullDiagnostics(document: [String: String]) throws -> [Diagnostic] {
    let answer = try server.request(
      "textDocument/diagnostic", ["textDocument": document], deadline: deadline)
    let items = ((answer as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    return items.map { item in
      let range = item["range"] as? [String: Any]
      let start = range?["start"] as? [String: Any]
      return Diagnostic(
        line: (start?["line"] as? Int) ?? -1,
        severity: (item["severity"] as? Int) ?? 0,
        group: Self.group(of: item),
        message: (item["message"] as? String) ?? "",
        json: (try? JSONSerialization.data(withJSONObject: item, options: [.sortedKeys]))
          .map { String(decoding: $0, as: UTF8.self) } ?? "")
    }
  }

  /// The diagnostic group, as the compiler prints it (`MutableGlobalVariable`). SourceKit-LSP
  /// gives a diagnostic's group as its `code`, named after the group's documentation page
  /// (`mutable-global-variable`, linked from `codeDescription`), to clients that declare
  /// `codeDescriptionSupport`, as VS Code does.
  static func group(of item: [String: Any]) -> String? {
    guard let code = item["code"] as? String else { return nil }
    return code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  /// The file paths a definition answer points to (Location, [Location] or [LocationLink]).
  private func definitionPaths(_ answer: Any?) -> [String] {
    let locations: [[String: Any]] =
      (answer as? [[String: Any]]) ?? (answer as? [String: Any]).map { [$0] } ?? []
    return locations.compactMap { location in
      guard let uri = (location["uri"] ?? location["targetUri"]) as? String else { return nil }
      return URL(string: uri)?.path
    }
  }

  private func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}

/// `#require` for a command line tool: the value, or an error naming what was missing.
private func require<Value>(_ value: Value?, _ what: String = "value") throws -> Value {
  guard let value else { throw LanguageServer.Failure(description: "missing \(what)") }
  return value
}
