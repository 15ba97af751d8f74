import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// `lab dev`, the maintainers' commands, and the metadata's format: on a fake lab, so that each
/// test can break the track in the way it is about.
@Suite("lab dev: the track from one source")
struct DevCommandTests {
  @Test("convert-wrong-answers turns whole files into a patch, once; verify then applies it")
  func convertsWholeFiles() throws {
    let lab = try FakeLab()
    try FileManager.default.removeItem(
      at: lab.root.appendingPathComponent("Solutions/01-first-step/wrong-answers/wrong.patch"))
    try lab.write(
      "Solutions/01-first-step/wrong-answers/wrong/Behaviour.swift", Behaviour.failsOneCheck)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1") == 1)
    #expect(lab.printed.contains("run `swift run lab dev convert-wrong-answers`"))

    #expect(lab.run("dev", "convert-wrong-answers", "--dry-run") == 0)
    #expect(lab.printed.contains("1 to convert, 4 patches already"))
    #expect(lab.run("dev", "convert-wrong-answers") == 0)
    #expect(lab.printed.contains("1 converted, 4 patches already"))
    #expect(
      !FileManager.default.fileExists(
        atPath: lab.root.appendingPathComponent("Solutions/01-first-step/wrong-answers/wrong").path)
    )
    let patch = try lab.read("Solutions/01-first-step/wrong-answers/wrong.patch")
    #expect(patch.hasPrefix("--- a/Behaviour.swift\n+++ b/Behaviour.swift\n@@ "))
    #expect(lab.run("dev", "convert-wrong-answers") == 0)
    #expect(lab.printed.contains("0 converted, 5 patches already"))
    #expect(try lab.read("Solutions/01-first-step/wrong-answers/wrong.patch") == patch)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1") == 0)
  }

  @Test("A wrong answer kept twice, as a patch and as files, is an error that loses neither")
  func keptTwice() throws {
    let lab = try FakeLab()
    try lab.write("Solutions/01-first-step/wrong-answers/wrong/Behaviour.swift", Behaviour.hangs)
    #expect(lab.run("dev", "convert-wrong-answers") == 1)
    #expect(lab.printed.contains("is kept twice"))
    #expect(
      try lab.read("Solutions/01-first-step/wrong-answers/wrong/Behaviour.swift") == Behaviour.hangs
    )
  }

  @Test("verify names the wrong answer and the hunk when a patch no longer applies, and goes on")
  func stalePatch() throws {
    let lab = try FakeLab()
    // The solution changes the very lines the wrong answer changes.
    try lab.write(
      "Solutions/01-first-step/Behaviour.swift",
      Behaviour.passes.replacingOccurrences(of: "LAB-CHECK pass", with: "LAB-CHECK  pass"))
    #expect(lab.run("verify", "--wrong-answers", "--track", "coffee") == 1)
    #expect(
      lab.printed.contains(
        "wrong answer wrong of 01-first-step no longer applies to its solution: hunk 1 of 1"))
    #expect(lab.printed.contains("✓ 02-second-step · wrong answer wrong"))
    #expect(lab.run("dev", "check") == 1)
    #expect(lab.printed.contains("no longer applies"))
  }

  @Test("dev check: the fake track is in order, and each broken convention is named")
  func checkConventions() throws {
    let lab = try FakeLab()
    try lab.write("Checks/01-first-step/main.swift", "suite.check(\"it works\") {}\n")
    for exercise in FakeLab.exercises.dropFirst() {
      try lab.write("Checks/\(exercise.1)/main.swift", "suite.check(\"it works\") {}\n")
      try lab.write("Exercises/\(exercise.1)/README.md", "# \(exercise.3)\n")
    }
    try lab.write("Exercises/01-first-step/README.md", "# The first step\n")
    #expect(lab.run("dev", "check") == 0)
    #expect(lab.printed.contains("5 exercises in 3 tracks follow the conventions"))

    try lab.write("Solutions/99-forgotten/Model.swift", "")
    try lab.write("Solutions/02-second-step/wrong-answers/notes.txt", "")
    try lab.write(
      "Solutions/01-first-step/wrong-answers/wrong.patch",
      UnifiedDiff.make(from: "a\n", to: "a\n", path: "Behaviour.swift"))
    try lab.write("Checks/apod-01-group-by-period/main.swift", "// no checks yet\n")
    try FileManager.default.removeItem(
      at: lab.root.appendingPathComponent("Exercises/apod-02-actor-client/README.md"))
    #expect(lab.run("dev", "check") == 1)
    for problem in [
      "Solutions/99-forgotten belongs to no exercise",
      "02-second-step: Solutions/02-second-step/wrong-answers/notes.txt is no wrong answer",
      "wrong answer wrong of 01-first-step changes nothing",
      "apod-01-group-by-period: Checks/apod-01-group-by-period/main.swift never registers the check \"it works\"",
      "apod-02-actor-client: Exercises/apod-02-actor-client/README.md is missing",
    ] {
      #expect(lab.printed.contains(problem), "dev check never said: \(problem)")
    }
  }

  @Test("dev sync writes a chained track's starters from the solutions; --check only reports")
  func syncStarters() throws {
    let lab = try FakeLab()
    let chained = FakeLab.catalogJSON().replacingOccurrences(
      of: "\"title\": \"The coffee track\",",
      with:
        "\"title\": \"The coffee track\", \"chain\": {\"firstStarterFrom\": \"Before\", \"except\": [\"Driver.swift\"]},"
    )
    try lab.write("Exercises/exercises.json", chained)
    try lab.write("Before/Model.swift", "// the starter of 01-first-step\n")
    try lab.write("Before/Behaviour.swift", Behaviour.passes)
    try lab.write("Before/Driver.swift", "// plumbing, the starter's own\n")
    try lab.write(
      "Exercises/02-second-step/Model.swift",
      "// the solution of 01-first-step\nlet solved = true\n")
    #expect(lab.run("dev", "sync", "--check") == 0)

    try lab.write("Solutions/01-first-step/Model.swift", "// a better solution\n")
    try lab.write("Exercises/02-second-step/Stray.swift", "")
    #expect(lab.run("dev", "sync", "--check") == 1)
    #expect(
      lab.printed.contains(
        "differs: Exercises/02-second-step/Model.swift from Solutions/01-first-step/Model.swift"))
    #expect(try lab.read("Exercises/02-second-step/Model.swift") != "// a better solution\n")
    #expect(lab.run("dev", "sync") == 0)
    #expect(try lab.read("Exercises/02-second-step/Model.swift") == "// a better solution\n")
    #expect(
      !FileManager.default.fileExists(
        atPath: lab.root.appendingPathComponent("Exercises/02-second-step/Stray.swift").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: lab.root.appendingPathComponent("Exercises/01-first-step/Driver.swift").path))
    #expect(lab.run("dev", "sync", "--check") == 0)
  }

  /// A fake lab whose coffee track is chained and in sync, committed to git.
  static func chainedLab() throws -> FakeLab {
    let lab = try FakeLab()
    let chained = FakeLab.catalogJSON().replacingOccurrences(
      of: "\"title\": \"The coffee track\",",
      with:
        "\"title\": \"The coffee track\", \"chain\": {\"firstStarterFrom\": \"Before\", \"except\": []},"
    )
    try lab.write("Exercises/exercises.json", chained)
    for file in ["Model.swift", "Behaviour.swift"] {
      try lab.write("Before/\(file)", try lab.read("Exercises/01-first-step/\(file)"))
      try lab.write(
        "Exercises/02-second-step/\(file)", try lab.read("Solutions/01-first-step/\(file)"))
    }
    try lab.commitEverything()
    return lab
  }

  @Test(
    "A learner's uncommitted edits are not drift: named, left alone by sync; committed drift is")
  func learnerEditsAreNotDrift() throws {
    let lab = try Self.chainedLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    #expect(try TrackSync(root: lab.root, catalog: catalog).drift() == [])

    // A learner at work: one file changed, one deleted, one added, in two exercises.
    let edited = "Exercises/02-second-step/Model.swift"
    try lab.write(edited, "// my attempt\n")
    try FileManager.default.removeItem(
      at: lab.root.appendingPathComponent("Exercises/01-first-step/Behaviour.swift"))
    try lab.write("Exercises/01-first-step/Notes.swift", "// my notes\n")
    #expect(try TrackSync(root: lab.root, catalog: catalog).drift() == [])
    #expect(
      try TrackSync(root: lab.root, catalog: catalog).differences().map(\.starter).sorted() == [
        "Exercises/01-first-step/Behaviour.swift", "Exercises/01-first-step/Notes.swift", edited,
      ])
    #expect(lab.run("dev", "sync", "--check") == 0)
    #expect(lab.printed.contains("Changed since the lab came (your work, left alone"))
    #expect(lab.lines.all.contains("    \(edited)"))
    #expect(lab.run("dev", "sync") == 0)
    #expect(try lab.read(edited) == "// my attempt\n")
    #expect(try lab.read("Exercises/01-first-step/Notes.swift") == "// my notes\n")
    // A file the exercise names, deleted by the learner, is still there as the lab came.
    try FileManager.default.removeItem(at: lab.root.appendingPathComponent(edited))
    let step2 = try catalog.exercise(named: "2")
    #expect(
      !(try TrackCheck(root: lab.root, catalog: catalog).problems(of: step2)).contains {
        $0.contains("Model.swift is missing")
      })
    try lab.write(edited, "// my attempt\n")

    // A solution changed without a sync is drift, even under the learner's edit.
    try lab.write("Solutions/01-first-step/Model.swift", "// a better solution\n")
    #expect(lab.run("dev", "sync", "--check") == 1)
    #expect(lab.printed.contains("differs: \(edited) from Solutions/01-first-step/Model.swift"))

    // On a clean tree, a committed starter that drifted is found as before.
    let clean = try ProcessRunner.run(
      "/bin/sh", ["-c", "git checkout -q HEAD -- Exercises && git clean -qfd Exercises"],
      in: lab.root)
    #expect(clean.status == 0)
    try lab.write("Exercises/02-second-step/Behaviour.swift", Behaviour.hangs)
    try lab.commitEverything()
    let drift = try TrackSync(root: lab.root, catalog: catalog).drift()
    #expect(drift.map(\.starter).sorted() == ["Exercises/02-second-step/Behaviour.swift", edited])
  }

  @Test("A learner who commits in a clone is covered too: the upstream holds the lab as it came")
  func learnerCommitsAreNotDrift() throws {
    let lab = try Self.chainedLab()
    let clone = lab.root.deletingLastPathComponent()
      .appendingPathComponent("fake-lab-clone-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: clone) }
    let git = "git -c user.name=me -c user.email=me@example.com"
    let edited = "Exercises/02-second-step/Model.swift"
    let cloned = try ProcessRunner.run(
      "/bin/sh",
      [
        "-c",
        "git clone -q '\(lab.root.path)' '\(clone.path)' && cd '\(clone.path)' "
          + "&& echo '// my attempt' > \(edited) && \(git) commit -qam 'my step 2'",
      ])
    #expect(cloned.status == 0, "\(cloned.output)")
    let catalog = try ExerciseCatalog.load(root: clone)
    #expect(try TrackSync(root: clone, catalog: catalog).drift() == [])
    #expect(
      try TrackSync(root: clone, catalog: catalog).differences().filter(\.isLearnerChange)
        .map(\.starter) == [edited])

    // A solution changed and committed without a sync is still drift.
    let changed = try ProcessRunner.run(
      "/bin/sh",
      [
        "-c",
        "echo '// a better solution' > Solutions/01-first-step/Model.swift "
          + "&& \(git) commit -qam 'a better solution'",
      ], in: clone)
    #expect(changed.status == 0, "\(changed.output)")
    #expect(try TrackSync(root: clone, catalog: catalog).drift().map(\.starter) == [edited])
  }

  @Test("dev new scaffolds the next exercise, its metadata entry among the others untouched")
  func scaffoldsExercise() throws {
    let lab = try FakeLab()
    let before = try lab.read("Exercises/exercises.json")
    #expect(
      lab.run(
        "dev", "new", "apod", "stream-of-pages", "--title", "Pages as a \"stream\"", "--files",
        "Pages.swift")
        == 0)
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let apod = try #require(catalog.track(named: "apod"))
    let added = try #require(apod.exercises.last)
    #expect(added.id == "apod-03-stream-of-pages")
    #expect(added.module == "Apod03")
    #expect(added.title == "Pages as a \"stream\"")
    #expect(added.files == ["Pages.swift"])
    #expect(added.starterFails == added.checks.first)
    #expect(catalog.allExercises.count == 6)
    let after = try lab.read("Exercises/exercises.json")
    // Only inserted, in one place: the old file is what comes before and after the new entry.
    let head = zip(before, after).prefix { $0 == $1 }.count
    let tail = zip(before.reversed(), after.reversed()).prefix { $0 == $1 }.count
    #expect(after.count > before.count)
    #expect(head + tail >= before.count)
    for path in [
      "Exercises/apod-03-stream-of-pages/README.md",
      "Exercises/apod-03-stream-of-pages/Pages.swift",
      "Solutions/apod-03-stream-of-pages/Pages.swift", "Checks/apod-03-stream-of-pages/main.swift",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: lab.root.appendingPathComponent(path).path),
        "\(path)")
    }
    #expect(
      try lab.read("Checks/apod-03-stream-of-pages/main.swift").contains("@testable import Apod03"))
    // Until it is written, the track's conventions say what is missing.
    #expect(lab.run("dev", "check") == 1)
    #expect(lab.printed.contains("apod-03-stream-of-pages: 0 hints"))
    #expect(lab.printed.contains("apod-03-stream-of-pages: no wrong answer kept"))

    // Nothing is written twice, and a bad name is a usage error.
    #expect(lab.run("dev", "new", "apod", "Bad Name", "--title", "x", "--files", "A.swift") == 2)
    #expect(lab.run("dev", "new", "nowhere", "slug", "--title", "x", "--files", "A.swift") == 2)
    #expect(lab.run("dev", "new", "apod", "slug", "--files", "A.swift") == 2)
    #expect(try lab.read("Exercises/exercises.json") == after)
  }

  @Test("The metadata states its format; a malformed entry is named by its id and field")
  func formatAndMalformedEntries() throws {
    let good = FakeLab.catalogJSON()
    #expect(try ExerciseCatalog.decode(Data(good.utf8)).formatVersion == 1)

    let unversioned = good.replacingOccurrences(of: "\"formatVersion\": 1, ", with: "")
    let noVersion = try #require(throws: LabError.self) {
      try ExerciseCatalog.decode(Data(unversioned.utf8))
    }
    #expect(noVersion.description.contains("has no formatVersion"))
    let future = good.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 2")
    let newer = try #require(throws: LabError.self) {
      try ExerciseCatalog.decode(Data(future.utf8))
    }
    #expect(newer.description.contains("written in format 2; this lab reads format 1"))

    let noModule = good.replacingOccurrences(of: "\"module\": \"Apod02\", ", with: "")
    let missing = try #require(throws: LabError.self) {
      try ExerciseCatalog.decode(Data(noModule.utf8))
    }
    #expect(
      missing.description.contains(
        "tracks[1] (\"apod\").exercises[1] (\"apod-02-actor-client\") has no \"module\""))
    let unknownSupport = good.replacingOccurrences(
      of: "\"checkSupport\": \"LabCheckKit\"", with: "\"checkSupport\": \"CoffeeCheckKit\"")
    let support = try #require(throws: LabError.self) {
      try ExerciseCatalog.decode(Data(unknownSupport.utf8))
    }
    #expect(support.description.contains("tracks[1] (\"apod\").checkSupport"))
    let textMode = good.replacingOccurrences(
      of: "\"module\": \"Step01\", \"swiftLanguageMode\": 6",
      with: "\"module\": \"Step01\", \"swiftLanguageMode\": \"six\"")
    let mistyped = try #require(throws: LabError.self) {
      try ExerciseCatalog.decode(Data(textMode.utf8))
    }
    #expect(mistyped.description.contains("(\"01-first-step\").swiftLanguageMode is not a"))
  }

  @Test("dev has help for each of its commands, and usage errors exit 2")
  func help() throws {
    let lab = try FakeLab()
    #expect(lab.run("dev") == 0)
    #expect(lab.printed.contains("convert-wrong-answers [--dry-run]"))
    #expect(lab.run("dev", "sync", "--help") == 0)
    #expect(lab.lines.all.contains { $0.hasPrefix("lab dev sync [--check]") })
    #expect(lab.run("dev", "help", "new") == 0)
    #expect(lab.run("dev", "bogus") == 2)
    #expect(lab.run("dev", "check", "extra") == 2)
    #expect(lab.run("help", "dev") == 0)
  }
}
