import CheckReporting
import Foundation

/// The track's conventions, in code rather than in a reviewer's memory (`lab dev check`): what
/// can be known without building anything. `lab verify` proves the rest by running the checks.
struct TrackCheck {
  let root: URL
  let catalog: ExerciseCatalog
  /// The starters as the lab came: a learner's changes are not the track's problems.
  let committed: CommittedFiles

  init(root: URL, catalog: ExerciseCatalog) {
    self.root = root
    self.catalog = catalog
    committed = CommittedFiles(root: root)
  }

  /// What `check` may answer besides a check's name.
  static let outcomes: Set<String> = ["compile", "crash", "hang"]

  /// Every convention broken, one sentence each; empty when the track is in order.
  func problems() throws -> [String] {
    var problems: [String] = []
    let exercises = catalog.allExercises
    for (kind, names) in [
      ("track id", catalog.tracks.map(\.id)), ("exercise id", exercises.map(\.id)),
      ("module", exercises.map(\.module)),
    ] {
      for name in duplicates(names) { problems.append("\(kind) \"\(name)\" is used twice") }
    }
    for exercise in exercises {
      problems += try self.problems(of: exercise)
    }
    problems += strays(known: Set(exercises.map(\.id)))
    let drift = try TrackSync(root: root, catalog: catalog).drift()
    for item in drift {
      problems.append(
        item.source.map { "\(item.starter) differs from \($0)" }
          ?? "\(item.starter) is in no solution it follows")
    }
    if !drift.isEmpty {
      problems.append("(`swift run lab dev sync` rewrites the starters from the solutions)")
    }
    return problems
  }

  func problems(of exercise: ExerciseCatalog.Exercise) throws -> [String] {
    let id = exercise.id
    var problems: [String] = []
    func exists(_ path: String) -> Bool {
      FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }
    for path in ["Exercises/\(id)/README.md", "Checks/\(id)/main.swift"] where !exists(path) {
      problems.append("\(id): \(path) is missing")
    }
    for file in exercise.files {
      for folder in ["Exercises", "Solutions"] where !exists("\(folder)/\(id)/\(file)") {
        // A starter file a learner deleted is still there as the lab came.
        if folder == "Exercises", committed.committedText(of: "\(folder)/\(id)/\(file)") != nil {
          continue
        }
        problems.append("\(id): \(folder)/\(id)/\(file) is missing (named in files)")
      }
    }
    if exercise.checks.isEmpty { problems.append("\(id): no checks named") }
    for name in duplicates(exercise.checks) { problems.append("\(id): check \"\(name)\" twice") }
    // A `LAB-CHECK fail` line ends the name at the first separator.
    for name in exercise.checks where name.contains(CheckReport.messageSeparator) {
      problems.append(
        "\(id): check \"\(name)\" holds \"\(CheckReport.messageSeparator)\", which ends a name")
    }
    if let source = try? String(
      contentsOf: root.appendingPathComponent("Checks/\(id)/main.swift"), encoding: .utf8)
    {
      // The names in the metadata are the names the checks print in their `LAB-CHECK` lines,
      // which `lab` matches against `starterFails` and `mustFail`: both lists must agree.
      let registered = Self.registeredChecks(in: source)
      for name in exercise.checks where !registered.contains(name) {
        problems.append("\(id): Checks/\(id)/main.swift never registers the check \"\(name)\"")
      }
      for name in registered where !exercise.checks.contains(name) {
        problems.append("\(id): Checks/\(id)/main.swift registers \"\(name)\", not in its checks")
      }
    }
    let known = Set(exercise.checks).union(Self.outcomes)
    if !known.contains(exercise.starterFails) {
      problems.append("\(id): starterFails \"\(exercise.starterFails)\" is no check")
    }
    if exercise.hints.count < 2 {
      problems.append("\(id): \(exercise.hints.count) hints; give at least two, gentle to near")
    }
    if exercise.wrongAnswers.isEmpty { problems.append("\(id): no wrong answer kept") }
    for name in duplicates(exercise.wrongAnswers.map(\.id)) {
      problems.append("\(id): wrong answer \(name) twice")
    }
    for wrong in exercise.wrongAnswers {
      if !known.contains(wrong.mustFail) {
        problems.append("\(id): wrong answer \(wrong.id) must fail \"\(wrong.mustFail)\", no check")
      }
      // Applies, and changes the solution: `changedFiles` throws otherwise.
      let patch = WrongAnswerPatch(exercise: exercise, wrongAnswer: wrong)
      do {
        let changed = try patch.changedFiles(root: root)
        let solution = root.appendingPathComponent(patch.solutionPath)
        let unchanged = changed.allSatisfy { file, text in
          text == (try? String(contentsOf: solution.appendingPathComponent(file), encoding: .utf8))
        }
        if unchanged { problems.append("\(id): wrong answer \(wrong.id) is the solution") }
      } catch {
        problems.append("\(error)")
      }
    }
    // Nothing in wrong-answers/ but the patches the metadata names.
    let folder = "Solutions/\(id)/wrong-answers"
    let expected = Set(exercise.wrongAnswers.map { "\($0.id).patch" })
    for entry in listing(folder) where !expected.contains(entry) {
      // A whole-file folder of a named wrong answer is reported by changedFiles already.
      if !exercise.wrongAnswers.contains(where: { $0.id == entry }) {
        problems.append("\(id): \(folder)/\(entry) is no wrong answer named in the metadata")
      }
    }
    problems += rightAnswerProblems(of: exercise)
    return problems
  }

  /// A kept right answer's patch applies and changes the solution, each named once, and nothing
  /// else is kept in `Solutions/right-answers/<id>/`.
  func rightAnswerProblems(of exercise: ExerciseCatalog.Exercise) -> [String] {
    let id = exercise.id
    let rights = exercise.rightAnswers ?? []
    var problems: [String] = []
    for name in duplicates(rights.map(\.id)) {
      problems.append("\(id): right answer \(name) twice")
    }
    for right in rights {
      let patch = WrongAnswerPatch(exercise: exercise, rightAnswer: right)
      do {
        let changed = try patch.changedFiles(root: root)
        let solution = root.appendingPathComponent(patch.solutionPath)
        let unchanged = changed.allSatisfy { file, text in
          text == (try? String(contentsOf: solution.appendingPathComponent(file), encoding: .utf8))
        }
        if unchanged { problems.append("\(id): right answer \(right.id) is the solution") }
      } catch {
        problems.append("\(error)")
      }
    }
    let folder = "Solutions/right-answers/\(id)"
    for entry in listing(folder) where !rights.contains(where: { "\($0.id).patch" == entry }) {
      problems.append("\(id): \(folder)/\(entry) is no right answer named in the metadata")
    }
    return problems
  }

  /// The names a check source registers, read from the text: each `.check("<name>"` call with a
  /// string literal, which is how every check executable adds a check to its `CheckSuite`. A
  /// textual scan, not a build: a name built at run time would go unseen, and is reported as a
  /// check the metadata names but the source never registers.
  static func registeredChecks(in source: String) -> [String] {
    source.matches(of: #/\.check\(\s*"((?:[^"\\]|\\.)*)"/#).map {
      String($0.output.1).replacingOccurrences(of: "\\\"", with: "\"")
    }
  }

  /// Folders in `Exercises/`, `Solutions/` and `Checks/` that no exercise names, and stray
  /// files beside them.
  func strays(known: Set<String>) -> [String] {
    var problems: [String] = []
    let allowed: [String: Set<String>] = [
      // Package.swift: the exercises as an editor sees them (README, "Working in your editor").
      "Exercises": ["exercises.json", "Package.swift"], "Solutions": ["right-answers"],
      "Checks": [],
    ]
    for (folder, files) in allowed.sorted(by: { $0.key < $1.key }) {
      for entry in listing(folder) where !known.contains(entry) && !files.contains(entry) {
        problems.append("\(folder)/\(entry) belongs to no exercise in exercises.json")
      }
    }
    return problems
  }

  func listing(_ folder: String) -> [String] {
    let url = root.appendingPathComponent(folder)
    return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
      .filter { !$0.hasPrefix(".") }.sorted()
  }

  func duplicates(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    var twice: [String] = []
    for name in names where !seen.insert(name).inserted && !twice.contains(name) {
      twice.append(name)
    }
    return twice
  }
}
