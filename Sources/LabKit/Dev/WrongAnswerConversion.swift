import Foundation

/// Turns wrong answers kept as whole files (`wrong-answers/<id>/`, the files that differ from the
/// solution) into patches (`wrong-answers/<id>.patch`). Idempotent: a wrong answer that is a patch
/// already is left alone, so it can run again after merging branches that add whole-file ones.
struct WrongAnswerConversion {
  let root: URL
  let catalog: ExerciseCatalog

  /// What happened to one wrong answer.
  enum Outcome: Equatable {
    /// Written as a patch of `lines` lines; the folder was removed.
    case converted(lines: Int)
    case alreadyPatch
  }

  /// Converts every wrong answer of `exercises` still kept as a folder. A folder is removed only
  /// once its patch, applied to the solution, gives back exactly its files.
  func run(
    _ exercises: [ExerciseCatalog.Exercise], dryRun: Bool,
    onEach: (WrongAnswerPatch, Outcome) -> Void
  ) throws {
    for exercise in exercises {
      for wrong in exercise.wrongAnswers {
        let patch = WrongAnswerPatch(exercise: exercise, wrongAnswer: wrong)
        onEach(patch, try convert(patch, dryRun: dryRun))
      }
    }
  }

  func convert(_ patch: WrongAnswerPatch, dryRun: Bool) throws -> Outcome {
    let fileManager = FileManager.default
    let folder = root.appendingPathComponent(patch.wholeFileFolderPath)
    let patchURL = root.appendingPathComponent(patch.patchPath)
    let hasFolder = fileManager.fileExists(atPath: folder.path)
    let hasPatch = fileManager.fileExists(atPath: patchURL.path)
    switch (hasFolder, hasPatch) {
    case (false, true): return .alreadyPatch
    case (false, false): throw LabError("\(patch.name) is missing: no \(patch.patchPath)")
    case (true, true):
      throw LabError(
        "\(patch.name) is kept twice, as \(patch.patchPath) and in \(patch.wholeFileFolderPath)/: "
          + "remove the one that is out of date")
    case (true, false): break
    }
    let files = try fileManager.contentsOfDirectory(atPath: folder.path).sorted()
    if let other = files.first(where: { !$0.hasSuffix(".swift") }) {
      throw LabError("\(patch.wholeFileFolderPath)/\(other) is not a Swift file: convert by hand")
    }
    var text = ""
    var wanted: [String: String] = [:]
    for file in files {
      let wrong = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let solutionURL = root.appendingPathComponent("\(patch.solutionPath)/\(file)")
      guard let solution = try? String(contentsOf: solutionURL, encoding: .utf8) else {
        throw LabError(
          "\(patch.wholeFileFolderPath)/\(file) has no counterpart in \(patch.solutionPath)/")
      }
      text += UnifiedDiff.make(from: solution, to: wrong, path: file)
      wanted[file] = wrong
    }
    guard !text.isEmpty else {
      throw LabError("\(patch.name) is the same as the solution: \(patch.wholeFileFolderPath)/")
    }
    if dryRun { return .converted(lines: text.split(separator: "\n").count) }
    try Data(text.utf8).write(to: patchURL)
    // Only a patch that gives back the very same files replaces them.
    let applied = try? patch.changedFiles(root: root)
    guard let applied, applied.count == wanted.count,
      wanted.allSatisfy({ file, text in applied[file] == .some(text) })
    else {
      try? fileManager.removeItem(at: patchURL)
      throw LabError("\(patch.name): the patch would not give back its files; left as they are")
    }
    try fileManager.removeItem(at: folder)
    return .converted(lines: text.split(separator: "\n").count)
  }
}
