/// What the check does in one exercise file, as a learner's editor would: it opens the file with a
/// few lines added (in the editor's memory only; nothing is written to disk), asks where a type of
/// the lab's libraries is defined, and reads the compiler's diagnostics of the added lines.
struct EditorScenario: Sendable {
  /// One diagnostic the added lines must, or must not, produce.
  struct ExpectedDiagnostic: Sendable {
    /// The line, counted from the first added line (0-based).
    let addedLine: Int
    /// The diagnostic group, as the compiler names it (`[#Group]` in its output).
    let group: String
    /// The LSP severity: 1 error, 2 warning; nil when the diagnostic must be absent.
    let severity: Int?
  }

  let name: String
  let exerciseID: String
  let file: String
  /// The type whose definition is asked for, used in the first added line.
  let platformType: String
  /// Where its definition must be: a path relative to the lab's root.
  let definitionFile: String
  /// A member of `platformType` that completion after `value.` must offer.
  let member: String
  /// A type the exercise declares itself, as every other step of its track does: its definition
  /// must be this exercise's file, and no other step's.
  let ownType: String
  let expected: [ExpectedDiagnostic]
  /// What `expected` proves, for the report.
  let settingsProof: String

  /// The lines added at the end of the file. Line 0 uses `platformType`, `member` and
  /// `ownType`; line 1 declares a global variable (an error in the Swift 6 mode, nothing in the
  /// Swift 5 mode); line 3 calls a deprecated function (a warning, or an error where warnings are
  /// errors); line 5 sends a non-Sendable closure to a task and keeps using what it captured, a
  /// region-based isolation error that only a full compile reports: the README tells learners
  /// their editor does not show it, and the kata's expectations hold it to that.
  var addedLines: [String] {
    [
      "func editorCheckUses(_ value: \(platformType), _ own: \(ownType)?) { _ = value.\(member) }",
      "var editorCheckCounter = 0",
      "@available(*, deprecated, message: \"editor check\") func editorCheckOldThing() {}",
      "func editorCheckCallsOldThing() { editorCheckOldThing() }",
      "final class EditorCheckBox { var count = 0 }",
      "func editorCheckSends() async { let box = EditorCheckBox(); Task { box.count += 1 }; box.count += 1 }",
    ]
  }

  /// A coffee exercise, in the Swift 5 mode, importing SimulatedPlatform.
  static let coffee = EditorScenario(
    name: "coffee", exerciseID: "07-coffee-data-store", file: "CoffeeData.swift",
    platformType: "DocumentsFolder",
    definitionFile: "Sources/SimulatedPlatform/Core/DocumentsFolder.swift", member: "url",
    ownType: "CoffeeData",
    expected: [
      ExpectedDiagnostic(addedLine: 1, group: "MutableGlobalVariable", severity: nil),
      ExpectedDiagnostic(addedLine: 3, group: "DeprecatedDeclaration", severity: 2),
    ],
    settingsProof: "Swift 5 mode: a global var is accepted, a deprecation is a warning")

  /// A kata, in the Swift 6 mode with warnings as errors, importing KataSupport.
  static let kata = EditorScenario(
    name: "kata", exerciseID: "apod-02-actor-client", file: "ApodClient.swift",
    platformType: "HTTPStatus",
    definitionFile: "Sources/KataSupport/HTTPStatus.swift", member: "code",
    ownType: "ApodPicture",
    expected: [
      ExpectedDiagnostic(addedLine: 1, group: "MutableGlobalVariable", severity: 1),
      ExpectedDiagnostic(addedLine: 3, group: "DeprecatedDeclaration", severity: 1),
      ExpectedDiagnostic(addedLine: 5, group: "SendingRisksDataRace", severity: nil),
    ],
    settingsProof:
      "Swift 6 mode, warnings as errors: a global var and a deprecation are errors;"
      + " the region-based isolation error is left to the full build of lab check")

  static let all = [coffee, kata]
}
