import CompilerDiagnostics
import Foundation

/// Which of the learner's compiler warnings belong to the code this step changes.
///
/// The checks print every concurrency warning of the files an exercise edits, and the early steps
/// have many in code that later steps migrate. A warning is in focus when it sits in a
/// declaration (a function, an initializer, a type's own lines; see ``SourceOutline``) that the
/// step's solution changes, or that the learner has changed, compared with the starter as
/// committed; and a deprecated shim's warning, wherever it is. The others are counted, and shown
/// on request (`lab check --all-warnings`).
struct WarningFocus {
  /// The diagnostic group whose warnings are in focus wherever they are (matched by group, as
  /// the checks print it: `[#DeprecatedDeclaration]`).
  static let alwaysShownGroup = CompilerDiagnostic.deprecatedDeclarationGroup
  /// Per file name, the declarations the step changes, each as its path (`CoffeeData.addDrink`).
  let changed: [String: Set<String>]
  /// Per file name, the outline of the learner's file, where warnings' lines point.
  let learnerOutlines: [String: SourceOutline]

  /// The focus of `exercise`: `files` maps each file the exercise edits to its starter (as
  /// committed), the solution's and the learner's text.
  init(files: [String: (starter: String, solution: String?, learner: String?)]) {
    var changed: [String: Set<String>] = [:]
    var outlines: [String: SourceOutline] = [:]
    for (file, texts) in files {
      var paths = Set<String>()
      for other in [texts.solution, texts.learner].compactMap({ $0 }) {
        paths.formUnion(Self.changedDeclarations(from: texts.starter, to: other))
      }
      changed[file] = paths
      outlines[file] = texts.learner.map(SourceOutline.init(source:))
    }
    self.changed = changed
    learnerOutlines = outlines
  }

  /// The focus of `exercise` as it is on disk: its starter from git (else the folder it is
  /// checked from), its solution, and the learner's files in `learnerFolder`.
  init(exercise: ExerciseCatalog.Exercise, root: URL, learnerFolder: String) {
    let committed = CommittedFiles(root: root)
    func read(_ path: String) -> String? {
      try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    var files: [String: (starter: String, solution: String?, learner: String?)] = [:]
    for file in exercise.files {
      let learner = read("\(learnerFolder)/\(file)")
      guard
        let starter = committed.committedText(of: "Exercises/\(exercise.id)/\(file)") ?? learner
      else { continue }
      files[file] = (starter, read("Solutions/\(exercise.id)/\(file)"), learner)
    }
    self.init(files: files)
  }

  /// Whether a warning line, `<file>:<line>: <message>`, is in focus. A warning whose place
  /// cannot be read is shown: better one too many than a hidden one.
  func isInFocus(_ warning: String) -> Bool {
    // A deprecated shim's warning marks each place still to migrate, in any file: the lesson of
    // the steps that keep a completion-handler form as a deprecated shim. Always shown.
    if warning.hasSuffix("[#\(Self.alwaysShownGroup)]") { return true }
    let parts = warning.split(separator: ":", maxSplits: 2)
    guard parts.count >= 2, let line = Int(parts[1]) else { return true }
    let file = String(parts[0])
    guard let outline = learnerOutlines[file], let paths = changed[file] else { return false }
    let path = outline.declarationPath(atLine: line).joined(separator: ".")
    return !path.isEmpty && paths.contains(path)
  }

  /// The declarations of `old` and `new` that hold a line one has and the other has not: each
  /// removed line counts for the declaration it was in, each added line for the one it is in.
  static func changedDeclarations(from old: String, to new: String) -> Set<String> {
    let oldLines = UnifiedDiff.splitLines(old)
    let newLines = UnifiedDiff.splitLines(new)
    let oldOutline = SourceOutline(source: old)
    let newOutline = SourceOutline(source: new)
    var paths = Set<String>()
    for edit in UnifiedDiff.editScript(oldLines, newLines) {
      let path: [String]
      switch edit.kind {
      case .same: continue
      case .removed: path = oldOutline.declarationPath(atLine: edit.oldIndex + 1)
      case .added: path = newOutline.declarationPath(atLine: edit.newIndex + 1)
      }
      if !path.isEmpty { paths.insert(path.joined(separator: ".")) }
    }
    return paths
  }
}
