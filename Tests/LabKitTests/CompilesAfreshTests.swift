import Foundation
import Testing

@testable import LabKit

/// `lab verify` and `lab dev mutants` write one answer after another over the same files, so
/// their checker keeps nothing of the last build that could stand for the next answer's.
@Suite("A checker that compiles afresh")
struct CompilesAfreshTests {
  @Test("The last build's objects, records and executable go; the modules' other files stay")
  func forgetsTheLastBuild() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    let exercise = try catalog.exercise(named: "apod-02-actor-client")
    let built = [
      "Apod02.build/Client.swift.o", "Apod02.build/Client.swiftdeps",
      "Apod02.build/primary.priors", "Apod02Check.build/main.swift.o",
      "Apod02Check.build/main.swiftdeps", "Apod02Check",
    ]
    let kept = ["Apod02.build/output-file-map.json", "Apod02.build/sources"]
    for file in built + kept {
      try lab.write(".build-lab-verify/debug/\(file)", "x")
    }
    // Another exercise's build is not this one's to forget.
    try lab.write(".build-lab-verify/debug/Apod01.build/Group.swift.o", "x")
    let checker = ExerciseChecker(
      root: lab.root, scratchPath: ".build-lab-verify", compilesAfresh: true)
    checker.forgetLastBuild(of: exercise)
    let exists = { (file: String) in
      FileManager.default.fileExists(
        atPath: lab.root.appendingPathComponent(".build-lab-verify/debug/\(file)").path)
    }
    for file in built { #expect(!exists(file), "\(file) is gone") }
    for file in kept + ["Apod01.build/Group.swift.o"] { #expect(exists(file), "\(file) stays") }
  }
}
