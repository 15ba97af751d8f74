import Foundation

/// Proves the track: every solution passes, every pristine starter fails for the reason its
/// metadata names, and every kept wrong answer fails the check it names.
public struct Verification: Sendable {
  /// What to verify.
  public enum Kind: String, Sendable, CaseIterable {
    case solutions, starters
    case wrongAnswers = "wrong-answers"
  }

  /// One line of the summary table.
  public struct Row: Sendable {
    public let exercise: String
    /// "solution", "starter", or "wrong answer <id>".
    public let subject: String
    /// What had to happen.
    public let expected: String
    public let verdict: Verdict
    public let isAsExpected: Bool
  }

  public let root: URL
  public let checker: ExerciseChecker

  public init(root: URL, timeout: TimeInterval) {
    self.root = root
    // A build folder of its own: verifying never undoes the learner's incremental build.
    checker = ExerciseChecker(root: root, scratchPath: ".build-lab-verify", timeout: timeout)
  }

  /// Verifies `kind` for `exercises`, reporting each row as soon as it is known.
  public func verify(
    _ kind: Kind, _ exercises: [ExerciseCatalog.Exercise], onRow: (Row) -> Void,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> [Row] {
    var rows: [Row] = []
    func add(_ row: Row) {
      rows.append(row)
      onRow(row)
    }
    switch kind {
    case .solutions:
      for exercise in exercises {
        let verdict = try checker.check(exercise, from: .solutions, progress: progress)
        add(
          Row(
            exercise: exercise.id, subject: "solution", expected: "pass", verdict: verdict,
            isAsExpected: verdict.isPass))
      }
    case .starters:
      let pristine = try exportPristineStarters()
      for exercise in exercises {
        let verdict = try checker.check(exercise, from: .folder(pristine), progress: progress)
        add(
          Row(
            exercise: exercise.id, subject: "starter",
            expected: "fail \"\(exercise.starterFails)\"",
            verdict: verdict,
            isAsExpected: !exercise.starterFails.isEmpty
              && verdict.failureNames.contains(exercise.starterFails)))
      }
    case .wrongAnswers:
      for exercise in exercises {
        for wrong in exercise.wrongAnswers {
          let overlay = try makeOverlay(for: exercise, wrongAnswer: wrong)
          let verdict = try checker.check(exercise, from: .folder(overlay), progress: progress)
          add(
            Row(
              exercise: exercise.id, subject: "wrong answer \(wrong.id)",
              expected: "fail \"\(wrong.mustFail)\"",
              verdict: verdict, isAsExpected: verdict.failureNames.contains(wrong.mustFail)))
        }
        if exercise.wrongAnswers.isEmpty {
          add(
            Row(
              exercise: exercise.id, subject: "wrong answers", expected: "at least one kept",
              verdict: .failed([]), isAsExpected: false))
        }
      }
    }
    return rows
  }

  /// The starters as committed, exported from git into `.lab/pristine`, so that verifying
  /// never picks up a learner's edits. Outside a git checkout, the files as they are.
  func exportPristineStarters() throws -> String {
    let destination = ".lab/pristine"
    let folder = root.appendingPathComponent(destination)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let export = try ProcessRunner.run(
      "/bin/sh", ["-c", "git archive HEAD Exercises | tar -x -C \(destination)"], in: root)
    if export.status == 0,
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Exercises").path)
    {
      return "\(destination)/Exercises"
    }
    return "Exercises"
  }

  /// The solution with the wrong answer's files copied over it, in `.lab/overlays/<id>`.
  func makeOverlay(for exercise: ExerciseCatalog.Exercise, wrongAnswer: ExerciseCatalog.WrongAnswer)
    throws -> String
  {
    let fileManager = FileManager.default
    let overlays = ".lab/overlays"
    let destination = root.appendingPathComponent("\(overlays)/\(exercise.id)")
    try? fileManager.removeItem(at: destination)
    try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
    let solution = root.appendingPathComponent("Solutions/\(exercise.id)")
    let wrong = solution.appendingPathComponent("wrong-answers/\(wrongAnswer.id)")
    guard fileManager.fileExists(atPath: wrong.path) else {
      throw LabError("wrong answer \(wrongAnswer.id) of \(exercise.id) is missing: \(wrong.path)")
    }
    for folder in [solution, wrong] {
      for file in try fileManager.contentsOfDirectory(atPath: folder.path)
      where file.hasSuffix(".swift") {
        let target = destination.appendingPathComponent(file)
        try? fileManager.removeItem(at: target)
        try fileManager.copyItem(at: folder.appendingPathComponent(file), to: target)
      }
    }
    return overlays
  }
}
