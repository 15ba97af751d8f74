import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// The one metadata file agrees with the folders: every exercise has its starter, solution,
/// checks, README, hints and wrong answers, and every name it gives is one the checks print.
@Suite("Exercise catalog")
struct ExerciseCatalogTests {
  static let root = LabKitTests.packageRoot
  static let catalog = try! ExerciseCatalog.load(root: root)
  static let outcomes: Set<String> = ["compile", "crash", "hang"]
  /// The starters as the lab came (this folder's `Exercises/` at the upstream's merge base, else
  /// at `HEAD`), exported from git as `lab verify --starters` does; nil outside a git checkout.
  static let committedStarters: URL? = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-committed-starters-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    guard
      (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil,
      let export = try? ProcessRunner.run(
        "/bin/sh",
        [
          "-c",
          "git archive \(CommittedFiles.baseRevision(root: root)) Exercises | tar -x -C '\(folder.path)'",
        ], in: root),
      export.status == 0
    else { return nil }
    return folder
  }()

  /// The versions of a starter file that count: the one in the working tree, and the committed
  /// one. A learner working in `Exercises/` changes the first, never the second, so their work in
  /// progress cannot fail the suite; an author's change shows in the first before it is committed.
  static func starterVersions(_ path: String) -> [String] {
    [root, committedStarters].compactMap { base in
      base.flatMap { try? String(contentsOf: $0.appendingPathComponent(path), encoding: .utf8) }
    }
  }

  /// The Swift files of a starter folder as committed (in the working tree outside a git
  /// checkout): a file a learner adds is theirs, not a starter file.
  static func starterFiles(_ folder: String) -> Set<String> {
    let base = committedStarters ?? root
    return Set(
      ((try? FileManager.default.contentsOfDirectory(
        atPath: base.appendingPathComponent(folder).path)) ?? []).filter { $0.hasSuffix(".swift") })
  }

  @Test("Every exercise has its folders, README and checks", arguments: catalog.allExercises)
  func foldersExist(_ exercise: ExerciseCatalog.Exercise) throws {
    let fileManager = FileManager.default
    for folder in ["Exercises", "Solutions", "Checks"] {
      #expect(
        fileManager.fileExists(
          atPath: Self.root.appendingPathComponent("\(folder)/\(exercise.id)").path))
    }
    #expect(
      fileManager.fileExists(
        atPath: Self.root.appendingPathComponent("Exercises/\(exercise.id)/README.md").path))
    for file in exercise.files {
      // The starter file as the lab came, or as it is: a learner may have deleted theirs.
      #expect(
        !Self.starterVersions("Exercises/\(exercise.id)/\(file)").isEmpty,
        "Exercises/\(exercise.id)/\(file) is missing")
      #expect(
        fileManager.fileExists(
          atPath: Self.root.appendingPathComponent("Solutions/\(exercise.id)/\(file)").path))
    }
  }

  @Test("Metadata names only checks the check executable prints", arguments: catalog.allExercises)
  func namesMatchChecks(_ exercise: ExerciseCatalog.Exercise) throws {
    let checkSource = try String(
      contentsOf: Self.root.appendingPathComponent("Checks/\(exercise.id)/main.swift"),
      encoding: .utf8)
    #expect(!exercise.checks.isEmpty)
    for name in exercise.checks {
      #expect(
        checkSource.contains(name), "Checks/\(exercise.id)/main.swift never names \"\(name)\"")
    }
    let known = Set(exercise.checks).union(Self.outcomes)
    #expect(
      known.contains(exercise.starterFails), "starterFails \"\(exercise.starterFails)\" is no check"
    )
    #expect(exercise.hints.count >= 2, "fewer than two hints")
    #expect(!exercise.wrongAnswers.isEmpty, "no wrong answer kept")
    for wrong in exercise.wrongAnswers {
      #expect(
        known.contains(wrong.mustFail),
        "\(wrong.id) must fail \"\(wrong.mustFail)\", which is no check")
      // Kept as a patch that applies to the solution and changes it.
      let patch = WrongAnswerPatch(exercise: exercise, wrongAnswer: wrong)
      let changed = try patch.changedFiles(root: Self.root)
      for (file, text) in changed {
        let solution = try? String(
          contentsOf: Self.root.appendingPathComponent("\(patch.solutionPath)/\(file)"),
          encoding: .utf8)
        #expect(text != solution, "\(patch.patchPath) leaves \(file) as the solution has it")
      }
    }
    // Each kept right answer: a patch, outside the solution's folder, that applies and changes it.
    for right in exercise.rightAnswers ?? [] {
      let patch = WrongAnswerPatch(exercise: exercise, rightAnswer: right)
      #expect(patch.patchPath == "Solutions/right-answers/\(exercise.id)/\(right.id).patch")
      let changed = try patch.changedFiles(root: Self.root)
      #expect(!changed.isEmpty, "\(patch.patchPath) changes nothing")
      for (file, text) in changed {
        let solution = try? String(
          contentsOf: Self.root.appendingPathComponent("\(patch.solutionPath)/\(file)"),
          encoding: .utf8)
        #expect(text != solution, "\(patch.patchPath) leaves \(file) as the solution has it")
      }
    }
  }

  /// Starters are compared as git holds them, so a learner's edits in `Exercises/` cannot fail
  /// it (nor does `lab dev sync` touch them); `lab dev check` on a clean tree sees real drift.
  @Test("lab dev check finds the track in order: the conventions, in one place")
  func conventionsHold() throws {
    let problems = try TrackCheck(root: Self.root, catalog: Self.catalog).problems()
    let edits = try TrackSync(root: Self.root, catalog: Self.catalog).differences()
      .filter(\.isLearnerChange).map(\.starter)
    #expect(
      problems == [],
      "\(edits.isEmpty ? "" : "Not counted, a learner's changes: \(edits)")")
  }

  @Test("Each starter of the migration track is the previous exercise's solution")
  func startersFollowSolutions() throws {
    // Checked here without `TrackSync`, so that a mistake in `lab dev sync` cannot hide drift.
    let exercises = try #require(Self.catalog.tracks.first { $0.id == "coffee" }).exercises
    for (previous, exercise) in zip(exercises, exercises.dropFirst()) {
      let starter = "Exercises/\(exercise.id)"
      let solution = Self.root.appendingPathComponent("Solutions/\(previous.id)")
      let files = Self.starterFiles(starter)
      #expect(!files.isEmpty, "\(starter) has no Swift files")
      for file in files.sorted() {
        let theirs = try? String(contentsOf: solution.appendingPathComponent(file), encoding: .utf8)
        #expect(
          Self.starterVersions("\(starter)/\(file)").contains { $0 == theirs },
          "\(starter)/\(file) differs from Solutions/\(previous.id)/\(file)")
      }
    }
  }

  @Test("The track starts at the before variant, and its Swift 6 step ends at the after variant")
  func trackEndsMatchVariants() throws {
    let pairs = [
      ("Exercises/01-async-save", "Sources/CoffeeTrackerBefore"),
      ("Solutions/12-swift-6-mode", "Sources/CoffeeTrackerAfter"),
    ]
    for (exercise, variant) in pairs {
      let folder = Self.root.appendingPathComponent(variant)
      // LabDriver.swift is lab plumbing and differs on purpose; ScheduledQueues.swift is the
      // plumbing that hands the before variant's queues to `race-lab explore`'s scheduler.
      for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where !["LabDriver.swift", "ScheduledQueues.swift"].contains(file) {
        let expected = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        // The solution must match as it is; the starter, as it is or as committed.
        let actual =
          exercise.hasPrefix("Exercises/")
          ? Self.starterVersions("\(exercise)/\(file)")
          : [
            try? String(
              contentsOf: Self.root.appendingPathComponent("\(exercise)/\(file)"), encoding: .utf8)
          ].compactMap { $0 }
        #expect(
          actual.contains { $0 == expected }, "\(exercise)/\(file) differs from \(variant)/\(file)")
      }
    }
  }

  /// A step that changes what the code means by a setting (a default isolation, an upcoming
  /// feature) says so where the learner reads first: the README names each setting.
  @Test(
    "A README names the default isolation and upcoming features its module builds with",
    arguments: catalog.allExercises.filter {
      $0.defaultIsolation != nil || !($0.upcomingFeatures ?? []).isEmpty
    })
  func readmeNamesSettings(_ exercise: ExerciseCatalog.Exercise) throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("Exercises/\(exercise.id)/README.md"),
      encoding: .utf8)
    if let isolation = exercise.defaultIsolation {
      #expect(readme.contains(".defaultIsolation(\(isolation).self)"), "\(exercise.id)")
    }
    for feature in exercise.upcomingFeatures ?? [] {
      #expect(readme.contains(feature), "\(exercise.id) does not name \(feature)")
    }
  }

  @Test("The settings line names the mode, warnings, default isolation and upcoming features")
  func languageSettingsLine() throws {
    let exercise = try #require(Self.catalog.allExercises.first { $0.id == "15-concurrent-io" })
    #expect(
      exercise.languageSettings
        == "Swift 6 mode, warnings as errors, default isolation MainActor, "
        + "upcoming feature NonisolatedNonsendingByDefault")
    let first = try #require(Self.catalog.allExercises.first)
    #expect(first.languageSettings == "Swift 5 mode")
  }

  @Test("A check's compiler probes get the module's flags: its default isolation and features")
  func moduleCompilerFlags() throws {
    let exercise = try #require(
      Self.catalog.allExercises.first { $0.id == "17-isolated-conformance" })
    #expect(
      exercise.moduleCompilerFlags == [
        "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
      ])
    let first = try #require(Self.catalog.allExercises.first)
    #expect(first.moduleCompilerFlags.isEmpty)
  }
}

extension ExerciseCatalog.Exercise: CustomTestStringConvertible {
  /// The exercise's id, so that test output names each case in a few characters.
  public var testDescription: String { id }
}
