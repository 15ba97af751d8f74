import CommandLineSupport
import Foundation

/// A new exercise at the end of a track (`lab dev new`): its folders, a README skeleton, a
/// metadata entry and a check executable whose one check fails until it is written. Everything
/// it writes is a start that `lab dev check` and `lab verify` keep failing until it is filled in.
struct ExerciseScaffold {
  let root: URL
  let catalog: ExerciseCatalog

  /// What `lab dev new` was asked for.
  struct Request {
    var track: String
    var slug: String
    var title: String
    /// The files the learner edits; nil for the previous exercise's (a chained track only).
    var files: [String]?
    /// The module's name; nil to count on from the previous exercise's.
    var module: String?
  }

  /// The new exercise's id, as `id(for:)` decides it.
  struct Plan {
    let track: ExerciseCatalog.Track
    let previous: ExerciseCatalog.Exercise
    let exercise: ExerciseCatalog.Exercise
  }

  func plan(_ request: Request) throws -> Plan {
    guard let track = catalog.track(named: request.track) else {
      throw UsageError(
        "no track '\(request.track)'; tracks: \(catalog.tracks.map(\.id).joined(separator: ", "))")
    }
    guard let previous = track.exercises.last, let number = previous.number else {
      throw LabError("track \(track.id) has no numbered exercise to follow: add its first by hand")
    }
    let slugCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    guard !request.slug.isEmpty, request.slug.allSatisfy(slugCharacters.contains),
      request.slug.first != "-", request.slug.last != "-"
    else {
      throw UsageError("the slug '\(request.slug)' must be lower-case words joined by hyphens")
    }
    let prefix = previous.idPrefix.map { "\($0)-" } ?? ""
    let id = prefix + String(format: "%02d", number + 1) + "-" + request.slug
    guard let module = request.module ?? nextModule(after: previous.module, number: number + 1)
    else {
      throw UsageError("cannot count on from module \(previous.module): give --module NAME")
    }
    let files = request.files ?? (track.chain != nil ? previous.files : nil)
    guard let files, !files.isEmpty,
      files.allSatisfy({ $0.hasSuffix(".swift") && !$0.contains("/") })
    else {
      throw UsageError("--files names the Swift files the learner edits, such as A.swift,B.swift")
    }
    if catalog.allExercises.contains(where: { $0.id == id || $0.module == module }) {
      throw LabError("an exercise \(id) or module \(module) exists already")
    }
    for folder in ["Exercises", "Solutions", "Checks"]
    where FileManager.default.fileExists(
      atPath: root.appendingPathComponent("\(folder)/\(id)").path)
    {
      throw LabError("\(folder)/\(id) exists already: nothing written")
    }
    let check = "the first check of \(id)"
    let exercise = ExerciseCatalog.Exercise(
      id: id, title: request.title, module: module,
      swiftLanguageMode: previous.swiftLanguageMode, warningsAsErrors: previous.warningsAsErrors,
      defaultIsolation: previous.defaultIsolation, upcomingFeatures: previous.upcomingFeatures,
      files: files, talk: nil, checks: [check], starterFails: check, hints: [], wrongAnswers: [])
    return Plan(track: track, previous: previous, exercise: exercise)
  }

  /// `CoffeeStep13` → `CoffeeStep14`, `StoreKata08` → `StoreKata09`.
  func nextModule(after module: String, number: Int) -> String? {
    let digits = module.reversed().prefix { $0.isNumber }.count
    guard digits > 0 else { return nil }
    return module.dropLast(digits) + String(format: "%0\(digits)d", number)
  }

  /// Writes the exercise: metadata first (checked by reading it back), then the folders.
  func write(_ plan: Plan) throws {
    let exercise = plan.exercise
    let metadataURL = root.appendingPathComponent("Exercises/exercises.json")
    let metadata = try String(contentsOf: metadataURL, encoding: .utf8)
    let updated = try inserting(exercise, after: plan.previous, in: metadata)
    let reread = try ExerciseCatalog.decode(Data(updated.utf8))
    guard reread.track(named: plan.track.id)?.exercises.last?.id == exercise.id else {
      throw LabError("could not add \(exercise.id) to the metadata: nothing written")
    }
    let starter = "Exercises/\(exercise.id)"
    let solution = "Solutions/\(exercise.id)"
    if plan.track.chain != nil {
      // The starter is the previous solution; the solution starts as a copy of it.
      for file in try TrackSync(root: root, catalog: catalog).swiftFiles(
        in: "Solutions/\(plan.previous.id)")
      {
        let text = try String(
          contentsOf: root.appendingPathComponent("Solutions/\(plan.previous.id)/\(file)"),
          encoding: .utf8)
        try save(text, to: "\(starter)/\(file)")
        try save(text, to: "\(solution)/\(file)")
      }
    }
    for file in exercise.files
    where !FileManager.default.fileExists(
      atPath: root.appendingPathComponent("\(starter)/\(file)").path)
    {
      try save(
        "// The starter of \(exercise.id): what the learner begins from.\n",
        to: "\(starter)/\(file)")
      try save("// The solution of \(exercise.id).\n", to: "\(solution)/\(file)")
    }
    try save(readme(exercise), to: "\(starter)/README.md")
    try save(
      checkSource(exercise),
      to: "Checks/\(exercise.id)/main.swift")
    try Data(updated.utf8).write(to: metadataURL)
  }

  /// `metadata` with `exercise`'s entry after `previous`'s, indented as the file is; the rest of
  /// the file untouched, so that concurrent edits to other entries merge.
  func inserting(
    _ exercise: ExerciseCatalog.Exercise, after previous: ExerciseCatalog.Exercise,
    in metadata: String
  ) throws -> String {
    let text = Array(metadata.unicodeScalars)
    let marker = Array("\"id\": \(jsonString(previous.id))".unicodeScalars)
    let starts = text.indices.filter { text[$0...].starts(with: marker) }
    guard starts.count == 1, let start = starts.first else {
      throw LabError(
        "Exercises/exercises.json: cannot find the one entry \"id\": \"\(previous.id)\"")
    }
    // Walk to the brace that closes the previous exercise's object, strings aside.
    var depth = 1
    var index = start
    var inString = false
    while index < text.count {
      let character = text[index]
      if inString {
        if character == "\\" { index += 1 } else if character == "\"" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" {
        depth -= 1
        if depth == 0 { break }
      }
      index += 1
    }
    guard index < text.count else {
      throw LabError("Exercises/exercises.json: the entry \(previous.id) never closes")
    }
    let lineStart = text[..<start].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    let indent = String(text[lineStart..<start].prefix { $0 == " " }.map(Character.init))
    let braceIndent = String(indent.dropLast(2))
    let entry = entryJSON(exercise, indent: indent, braceIndent: braceIndent)
    var result = String.UnicodeScalarView(text[...index])
    result.append(contentsOf: (",\n" + braceIndent + entry).unicodeScalars)
    result.append(contentsOf: text[(index + 1)...])
    return String(result)
  }

  func entryJSON(_ exercise: ExerciseCatalog.Exercise, indent: String, braceIndent: String)
    -> String
  {
    func list(_ items: [String]) -> String {
      items.isEmpty
        ? "[]"
        : "[\n" + items.map { indent + "  " + jsonString($0) }.joined(separator: ",\n") + "\n"
          + indent + "]"
    }
    var fields = [
      "\"id\": \(jsonString(exercise.id))",
      "\"title\": \(jsonString(exercise.title))",
      "\"module\": \(jsonString(exercise.module))",
      "\"swiftLanguageMode\": \(exercise.swiftLanguageMode)",
    ]
    if let warningsAsErrors = exercise.warningsAsErrors {
      fields.append("\"warningsAsErrors\": \(warningsAsErrors)")
    }
    if let defaultIsolation = exercise.defaultIsolation {
      fields.append("\"defaultIsolation\": \(jsonString(defaultIsolation))")
    }
    if let upcomingFeatures = exercise.upcomingFeatures {
      fields.append("\"upcomingFeatures\": \(list(upcomingFeatures))")
    }
    fields += [
      "\"files\": \(list(exercise.files))",
      "\"checks\": \(list(exercise.checks))",
      "\"starterFails\": \(jsonString(exercise.starterFails))",
      "\"hints\": []",
      "\"wrongAnswers\": []",
    ]
    return "{\n" + fields.map { indent + $0 }.joined(separator: ",\n") + "\n" + braceIndent + "}"
  }

  func jsonString(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
  }

  func readme(_ exercise: ExerciseCatalog.Exercise) -> String {
    """
    # \(exercise.id) · \(exercise.title)

    **Edit:** \(exercise.files.map { "`\($0)`" }.joined(separator: ", "))

    ## Goal

    What the learner's code must do once solved, in two or three sentences.

    ## Why

    The lesson: what goes wrong without it. A claim about what the compiler accepts or rejects
    cites its probe in an HTML comment after it, <!-- probe: <claim-id> -->.

    ## In the source

    The passage of the talk or article this step follows.

    ## What the checker verifies

    One line per check, in the order of `checks` in Exercises/exercises.json.

    """
  }

  func checkSource(_ exercise: ExerciseCatalog.Exercise) -> String {
    let check = exercise.checks[0]
    return """
      // The checks of \(exercise.id): \(exercise.title).
      import LabCheckKit

      @testable import \(exercise.module)

      let suite = CheckSuite()

      suite.check(\(jsonString(check))) {
        // Run the learner's code and return .pass, .fail("what was found") or .expect(...).
        return .fail("this check is not written yet")
      }

      await suite.run()

      """
  }

  func save(_ text: String, to path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}
