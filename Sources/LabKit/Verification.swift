import CheckReporting
import CommandLineSupport
import Foundation

/// Proves the track: every solution passes, every pristine starter fails for the reason its
/// metadata names, every kept wrong answer fails the check it names, and every kept right answer
/// passes.
public struct Verification: Sendable {
  /// What to verify.
  public enum Kind: String, Sendable, CaseIterable {
    case solutions, starters
    case wrongAnswers = "wrong-answers"
    case rightAnswers = "right-answers"
  }

  /// One line of the summary table.
  public struct Row: Sendable {
    public let exercise: String
    /// "solution", "starter", or "wrong answer <id>".
    public let subject: String
    /// What had to happen.
    public let expected: String
    /// The verdict of each run, in order: as many as `repeats`.
    public let verdicts: [Verdict]
    /// Whether every run gave the same answer, and it was the expected one.
    public let isAsExpected: Bool
    /// Why it could not be checked at all, such as a wrong answer's patch that no longer applies.
    public var problem: String? = nil

    /// The verdict of the first run.
    public var verdict: Verdict { verdicts[0] }

    /// Whether the runs disagreed: a verdict that depends on timing or load.
    public var isInconsistent: Bool {
      verdicts.contains { !$0.isSameAnswer(as: verdicts[0]) }
    }

    /// Whether the runs, with the same outcome, failed different checks.
    public var failuresDiffer: Bool {
      verdicts.contains { Set($0.failureNames) != Set(verdicts[0].failureNames) }
    }

    /// What happened, for the table: the verdict, or every run's when they disagreed, in their
    /// outcome or in the checks they failed (a row's named check failing in only some runs must
    /// show which, never one run's verdict "in all runs").
    public var outcome: String {
      if let problem { return problem }
      if isInconsistent || failuresDiffer {
        let lead =
          isInconsistent ? "verdicts differ between runs: " : "the runs failed different checks: "
        return lead
          + verdicts.enumerated().map { "run \($0.offset + 1) \($0.element.summary)" }
          .joined(separator: "; ")
      }
      return verdict.summary + (verdicts.count > 1 ? " (all \(verdicts.count) runs)" : "")
    }

    /// The row as `lab verify` prints it, in lines of at most `width` characters: broken
    /// between its phrases (what was checked, what was expected, what came), each hanging under
    /// the first line's text, so that no "(12 checks)" or quoted check name is cut in two.
    /// A phrase longer than a line is broken between its words.
    public func lines(width: Int) -> [String] {
      let mark = isAsExpected ? "✓" : "✗"
      let phrases = [
        "\(exercise) · \(subject):", "expected to \(expected);", "got \(outcome)",
      ]
      let hang = "    "
      let room = width - hang.count
      var lines: [String] = []
      var line = ""
      for phrase in phrases {
        if line.isEmpty || line.count + 1 + phrase.count <= room {
          line += (line.isEmpty ? "" : " ") + phrase
          continue
        }
        lines.append(line)
        line = phrase
      }
      lines.append(line)
      return lines.flatMap { WordWrap.lines($0, width: room) }.enumerated().map { index, text in
        (index == 0 ? "  \(mark) " : hang) + text
      }
    }
  }

  public let root: URL
  public let checker: ExerciseChecker
  /// How many times each solution, starter and wrong answer is checked.
  public let repeats: Int
  /// When set, only these exercises' wrong answers are checked `repeats` times, every other
  /// row once: the exercises whose checks still hold a thread, whose verdicts could differ.
  public let repeatedExercises: Set<String>?

  /// Verifies with `repeats` runs of each check. Repeated runs keep nothing from the run before
  /// (no cached warnings, no cached exploring verdict), so that runs that agree prove the whole
  /// verdict stable; with `rerunsThreadsOnly`, the runs after the first read back what the
  /// compiler and the deterministic scheduler decided (the same on every run by construction,
  /// and `OutputCache` keys it by the executable and every file's text), so that only the
  /// checks on real threads, whose verdicts could differ, run again.
  public init(
    root: URL, timeout: TimeInterval, repeats: Int = 1, rerunsThreadsOnly: Bool = false,
    repeatedExercises: Set<String>? = nil, swiftExecutable: String? = nil
  ) {
    self.root = root
    self.repeats = max(1, repeats)
    self.repeatedExercises = repeatedExercises
    // A build folder of its own: verifying never undoes the learner's incremental build.
    checker = ExerciseChecker(
      root: root, scratchPath: ".build-lab-verify", timeout: timeout,
      swiftExecutable: swiftExecutable,
      checkEnvironment: repeats > 1 && !rerunsThreadsOnly ? [LabEnvironment.noCache: "1"] : [:],
      compilesAfresh: true)
  }

  /// How many times a row of `kind` for `exercise` is checked.
  func runs(of kind: Kind, for exercise: ExerciseCatalog.Exercise) -> Int {
    guard let repeatedExercises else { return repeats }
    return kind == .wrongAnswers && repeatedExercises.contains(exercise.id) ? repeats : 1
  }

  /// Checks `exercise` from `source` `runs` times (built once); as expected only when every
  /// run agrees and `isExpected` holds for it.
  func judge(
    _ exercise: ExerciseCatalog.Exercise, from source: ExerciseChecker.Source, subject: String,
    expected: String, runs: Int, onlyCheck: String? = nil,
    progress: @escaping @Sendable (String) -> Void, isExpected: (Verdict) -> Bool
  ) throws -> Row {
    let executable = root.appendingPathComponent(
      "\(checker.scratchPath)/debug/\(exercise.checkProduct)")
    let scratch = root.appendingPathComponent(checker.scratchPath)
    let isStaged = Self.isStaging(source)
    if isStaged {
      // Every staged row is built and linked anew, even one whose files are those of the last
      // build (a verify run again): the guard below knows a row's build by its new link.
      BuildFingerprint.forget(
        BuildFingerprint.record(for: exercise.checkProduct, scratchPath: scratch))
    }
    let linkedBefore = Self.modificationDate(of: executable)
    var verdicts = try checker.check(
      exercise, from: source, runs: runs, onlyCheck: onlyCheck, progress: progress)
    // Only with the real driver: the tests' stand-in drivers link nothing.
    if checker.swiftExecutable == nil, isStaged,
      !Self.isBuilt(verdicts, executable: executable, linkedBefore: linkedBefore)
    {
      // The direct rebuild kept the row staged before: SwiftPM builds this one.
      BuildFingerprint.forget(
        BuildFingerprint.record(for: exercise.checkProduct, scratchPath: scratch))
      BuildFingerprint.forget(
        BuildFingerprint.planRecord(for: exercise.checkProduct, scratchPath: scratch))
      verdicts = try checker.check(
        exercise, from: source, runs: runs, onlyCheck: onlyCheck, progress: progress)
      guard Self.isBuilt(verdicts, executable: executable, linkedBefore: linkedBefore) else {
        throw LabError(
          "\(subject) of \(exercise.id): the check executable was not rebuilt for it; "
            + "remove \(checker.scratchPath) and run again")
      }
    }
    let consistent = verdicts.allSatisfy { $0.isSameAnswer(as: verdicts[0]) }
    return Row(
      exercise: exercise.id, subject: subject, expected: expected, verdicts: verdicts,
      isAsExpected: consistent && verdicts.allSatisfy(isExpected))
  }

  /// Verifies `kinds` for `exercises`, exercise by exercise (each of its kinds in turn),
  /// reporting each row as soon as it is known. An exercise's rows all come from the staging
  /// folder, one after another, so SwiftPM plans its build once for all of them; kind by kind,
  /// it planned each exercise's build once per kind.
  public func verify(
    _ kinds: [Kind], _ exercises: [ExerciseCatalog.Exercise], onRow: (Row) -> Void,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> [Row] {
    let pristine = kinds.contains(.starters) ? try exportPristineStarters() : nil
    return try exercises.flatMap { exercise in
      try kinds.flatMap { kind in
        try verify(kind, [exercise], pristine: pristine, onRow: onRow, progress: progress)
      }
    }
  }

  /// Verifies `kind` for `exercises`, reporting each row as soon as it is known; `pristine` is
  /// the starters' folder when `exportPristineStarters()` made it already.
  public func verify(
    _ kind: Kind, _ exercises: [ExerciseCatalog.Exercise], pristine: String? = nil,
    onRow: (Row) -> Void, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> [Row] {
    var rows: [Row] = []
    func add(_ row: Row) {
      rows.append(row)
      onRow(row)
    }
    switch kind {
    case .solutions:
      for exercise in exercises {
        try stage(exercise, from: "Solutions/\(exercise.id)")
        add(
          try judge(
            exercise, from: .folder(Self.stagingFolder), subject: "solution", expected: "pass",
            runs: runs(of: kind, for: exercise), progress: progress, isExpected: \.isPass))
      }
    case .starters:
      let pristine = try pristine ?? exportPristineStarters()
      for exercise in exercises {
        try stage(exercise, from: "\(pristine)/\(exercise.id)")
        add(
          try judge(
            exercise, from: .folder(Self.stagingFolder), subject: "starter",
            expected: "fail \"\(exercise.starterFails)\"", runs: runs(of: kind, for: exercise),
            progress: progress
          ) { verdict in
            !exercise.starterFails.isEmpty && verdict.failureNames.contains(exercise.starterFails)
          })
      }
    case .rightAnswers:
      for exercise in exercises {
        for right in exercise.rightAnswers ?? [] {
          let overlay: String
          do {
            overlay = try makeOverlay(
              WrongAnswerPatch(exercise: exercise, rightAnswer: right), id: "right-\(right.id)")
          } catch let error as LabError {
            add(
              Row(
                exercise: exercise.id, subject: "right answer \(right.id)", expected: "pass",
                verdicts: [.failed([])], isAsExpected: false, problem: error.description))
            continue
          }
          add(
            try judge(
              exercise, from: .folder(overlay), subject: "right answer \(right.id)",
              expected: "pass", runs: runs(of: kind, for: exercise), progress: progress,
              isExpected: \.isPass))
        }
      }
    case .wrongAnswers:
      for exercise in exercises {
        for wrong in exercise.wrongAnswers {
          let overlay: String
          do {
            overlay = try makeOverlay(for: exercise, wrongAnswer: wrong)
          } catch let error as LabError {
            // Loud, and on to the next: every stale patch shows in one run.
            add(
              Row(
                exercise: exercise.id, subject: "wrong answer \(wrong.id)",
                expected: "fail \"\(wrong.mustFail)\"", verdicts: [.failed([])],
                isAsExpected: false, problem: error.description))
            continue
          }
          add(
            try judge(
              exercise, from: .folder(overlay), subject: "wrong answer \(wrong.id)",
              expected: "fail \"\(wrong.mustFail)\"", runs: runs(of: kind, for: exercise),
              // The row judges that check alone; a crash or a compile error may come from any.
              onlyCheck: exercise.checks.contains(wrong.mustFail) ? wrong.mustFail : nil,
              progress: progress
            ) { $0.failureNames.contains(wrong.mustFail) })
        }
        if exercise.wrongAnswers.isEmpty {
          add(
            Row(
              exercise: exercise.id, subject: "wrong answers", expected: "at least one kept",
              verdicts: [.failed([])], isAsExpected: false))
        }
      }
    }
    return rows
  }

  /// The starters as the lab came (``CommittedFiles/baseRevision(root:)``), exported from git
  /// into `.lab/pristine`, so that verifying never picks up a learner's edits, committed or not.
  /// Outside a git checkout, the files as they are.
  func exportPristineStarters() throws -> String {
    let destination = ".lab/pristine"
    let folder = root.appendingPathComponent(destination)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let base = CommittedFiles.baseRevision(root: root)
    let export = try ProcessRunner.run(
      "/bin/sh", ["-c", "git archive \(base) Exercises | tar -x -C \(destination)"], in: root)
    if export.status == 0,
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Exercises").path)
    {
      return "\(destination)/Exercises"
    }
    return "Exercises"
  }

  /// The solution with the wrong answer's patch applied, in the staging folder; an error
  /// naming the wrong answer and the hunk when the patch no longer applies.
  func makeOverlay(for exercise: ExerciseCatalog.Exercise, wrongAnswer: ExerciseCatalog.WrongAnswer)
    throws -> String
  {
    try makeOverlay(
      WrongAnswerPatch(exercise: exercise, wrongAnswer: wrongAnswer), id: wrongAnswer.id)
  }

  /// Where every kept answer is checked, each written over the one before.
  ///
  /// One folder for all of them, so that each check after an exercise's first is a direct
  /// rebuild (`DirectRebuild`: SwiftPM's compile and link commands run again, without its start,
  /// manifest and planning). A folder of its own per answer made SwiftPM plan each build anew,
  /// as the sources' path is part of its manifest: apod-05's 13 wrong answers took 43.0 s of CPU
  /// that way, 33.5 s staged (2026-11-29). The checker compiles afresh
  /// (`ExerciseChecker.compilesAfresh`), so nothing of the answer before is kept.
  static let stagingFolder = ".lab/overlays/staged"

  /// The Swift files of `folder` (relative to the root: a solution, a pristine starter),
  /// written over the staging folder.
  func stage(_ exercise: ExerciseCatalog.Exercise, from folder: String) throws {
    let manager = FileManager.default
    let source = root.appendingPathComponent(folder)
    let staged = root.appendingPathComponent("\(Self.stagingFolder)/\(exercise.id)")
    try? manager.removeItem(at: staged)
    try manager.createDirectory(at: staged, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".swift")
    {
      try manager.copyItem(
        at: source.appendingPathComponent(name), to: staged.appendingPathComponent(name))
    }
  }

  /// The solution with `patch` applied, written over the staging folder; `id` names the
  /// answer in an error.
  func makeOverlay(_ patch: WrongAnswerPatch, id: String) throws -> String {
    try patch.writeOverlay(
      root: root,
      to: root.appendingPathComponent("\(Self.stagingFolder)/\(patch.exercise.id)"))
    return Self.stagingFolder
  }

  /// Whether `source` is the staging folder.
  static func isStaging(_ source: ExerciseChecker.Source) -> Bool {
    if case .folder(let folder) = source { return folder == stagingFolder }
    return false
  }

  /// Whether the check executable behind `verdicts` is a new link: its modification time is
  /// not `linkedBefore`, the one it had before the answer was built. An answer that does not
  /// compile has no build to come from.
  static func isBuilt(_ verdicts: [Verdict], executable: URL, linkedBefore: Date?) -> Bool {
    if case .doesNotCompile = verdicts.first { return true }
    guard let linked = modificationDate(of: executable) else { return false }
    return linked != linkedBefore
  }

  private static func modificationDate(of url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }
}
