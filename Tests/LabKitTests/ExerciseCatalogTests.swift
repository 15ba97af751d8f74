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
      #expect(
        fileManager.fileExists(
          atPath: Self.root.appendingPathComponent("Exercises/\(exercise.id)/\(file)").path))
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
      let folder = Self.root.appendingPathComponent(
        "Solutions/\(exercise.id)/wrong-answers/\(wrong.id)")
      #expect(FileManager.default.fileExists(atPath: folder.path), "missing \(folder.path)")
    }
  }

  @Test("Each starter of the migration track is the previous exercise's solution")
  func startersFollowSolutions() throws {
    let exercises = try #require(Self.catalog.tracks.first { $0.id == "coffee" }).exercises
    for (previous, exercise) in zip(exercises, exercises.dropFirst()) {
      let starter = Self.root.appendingPathComponent("Exercises/\(exercise.id)")
      let solution = Self.root.appendingPathComponent("Solutions/\(previous.id)")
      let files = try FileManager.default.contentsOfDirectory(atPath: starter.path).filter {
        $0.hasSuffix(".swift")
      }
      for file in files {
        let mine = try String(contentsOf: starter.appendingPathComponent(file), encoding: .utf8)
        let theirs = try? String(contentsOf: solution.appendingPathComponent(file), encoding: .utf8)
        #expect(
          mine == theirs,
          "Exercises/\(exercise.id)/\(file) differs from Solutions/\(previous.id)/\(file)")
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
      // LabDriver.swift is lab plumbing and differs on purpose.
      for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where file != "LabDriver.swift" {
        let expected = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let actual = try? String(
          contentsOf: Self.root.appendingPathComponent("\(exercise)/\(file)"), encoding: .utf8)
        #expect(actual == expected, "\(exercise)/\(file) differs from \(variant)/\(file)")
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
}

extension ExerciseCatalog.Exercise: CustomTestStringConvertible {
  /// The exercise's id, so that test output names each case in a few characters.
  public var testDescription: String { id }
}
