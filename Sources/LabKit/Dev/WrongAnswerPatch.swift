import Foundation

/// A kept wrong answer: a unified diff against its exercise's solution, in
/// `Solutions/<exercise>/wrong-answers/<wrong-answer>.patch`. Kept as a difference, a fix to the
/// solution reaches the wrong answer too, and a change that contradicts it stops `lab verify`.
/// A kept right answer is kept the same way, in `Solutions/right-answers/<exercise>/`.
public struct WrongAnswerPatch: Sendable {
  public let exercise: ExerciseCatalog.Exercise
  public let wrongAnswer: ExerciseCatalog.WrongAnswer
  /// `wrong-answers`, or `right-answers` for a kept right answer.
  public let folder: String

  public init(exercise: ExerciseCatalog.Exercise, wrongAnswer: ExerciseCatalog.WrongAnswer) {
    self.exercise = exercise
    self.wrongAnswer = wrongAnswer
    self.folder = "wrong-answers"
  }

  /// A kept right answer's patch, in `Solutions/right-answers/<exercise>/<right-answer>.patch`.
  public init(exercise: ExerciseCatalog.Exercise, rightAnswer: ExerciseCatalog.RightAnswer) {
    self.exercise = exercise
    self.wrongAnswer = ExerciseCatalog.WrongAnswer(
      id: rightAnswer.id, summary: rightAnswer.summary, mustFail: "")
    self.folder = "right-answers"
  }

  /// `Solutions/<exercise>`, relative to the package root.
  public var solutionPath: String { "Solutions/\(exercise.id)" }
  /// `Solutions/<exercise>/wrong-answers/<wrong-answer>.patch`.
  public var patchPath: String { "\(keptIn)/\(wrongAnswer.id).patch" }
  /// Where it is kept: `Solutions/<exercise>/wrong-answers`, or, for a right answer,
  /// `Solutions/right-answers/<exercise>` (outside the solution's folder, which SwiftPM builds as
  /// a module and would otherwise ask to exclude it).
  public var keptIn: String {
    folder == "right-answers"
      ? "Solutions/right-answers/\(exercise.id)" : "\(solutionPath)/\(folder)"
  }
  /// Where the wrong answer was kept as whole files before it became a patch.
  public var wholeFileFolderPath: String { "\(keptIn)/\(wrongAnswer.id)" }

  /// The wrong answer's name in errors: `wrong answer <id> of <exercise>`.
  var name: String {
    "\(folder == "right-answers" ? "right" : "wrong") answer \(wrongAnswer.id) of \(exercise.id)"
  }

  /// The files the wrong answer changes, as they are once the patch is applied to the solution
  /// under `root`: by file name, nil for a file the patch deletes.
  public func changedFiles(root: URL) throws -> [String: String?] {
    let fileManager = FileManager.default
    let patchURL = root.appendingPathComponent(patchPath)
    guard fileManager.fileExists(atPath: patchURL.path) else {
      if fileManager.fileExists(atPath: root.appendingPathComponent(wholeFileFolderPath).path) {
        throw LabError(
          "\(name) is still kept as whole files in \(wholeFileFolderPath)/: "
            + "run `swift run lab dev convert-wrong-answers` to keep it as a patch")
      }
      throw LabError("\(name) is missing: no \(patchPath)")
    }
    let patches: [UnifiedDiff.FilePatch]
    do {
      patches = try UnifiedDiff.parse(String(contentsOf: patchURL, encoding: .utf8))
    } catch {
      throw LabError("\(patchPath) is not a unified diff: \(error)")
    }
    guard !patches.isEmpty, patches.allSatisfy({ !$0.hunks.isEmpty }) else {
      throw LabError("\(name) changes nothing: \(patchPath) holds no hunk")
    }
    var files: [String: String?] = [:]
    for patch in patches {
      let file = patch.path
      guard !file.isEmpty, !file.contains("/") else {
        throw LabError("\(patchPath) names '\(file)': a wrong answer changes files of its solution")
      }
      let original: String
      if patch.oldPath == nil {
        original = ""
      } else {
        let url = root.appendingPathComponent("\(solutionPath)/\(file)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
          throw LabError("\(name) changes \(file), which \(solutionPath)/ does not have")
        }
        original = text
      }
      do {
        files[file] = patch.newPath == nil ? .some(nil) : try UnifiedDiff.apply(patch, to: original)
      } catch {
        throw LabError(
          "\(name) no longer applies to its solution: \(error). Fix that hunk in \(patchPath), "
            + "or keep the wrong answer as whole files in \(wholeFileFolderPath)/ and run "
            + "`swift run lab dev convert-wrong-answers`")
      }
    }
    return files
  }

  /// The solution's Swift files with the patch applied, written to `folder` (emptied first).
  public func writeOverlay(root: URL, to folder: URL) throws {
    let fileManager = FileManager.default
    let changed = try changedFiles(root: root)
    try? fileManager.removeItem(at: folder)
    try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    let solution = root.appendingPathComponent(solutionPath)
    for file in try fileManager.contentsOfDirectory(atPath: solution.path)
    where file.hasSuffix(".swift") && changed[file] == nil {
      try fileManager.copyItem(
        at: solution.appendingPathComponent(file), to: folder.appendingPathComponent(file))
    }
    for case (let file, let text?) in changed {
      try Data(text.utf8).write(to: folder.appendingPathComponent(file))
    }
  }
}
