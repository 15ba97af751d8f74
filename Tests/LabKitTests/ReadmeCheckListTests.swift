import Foundation
import Testing

@testable import LabKit

/// Every exercise README names every check its check executable runs, so that a learner reading
/// "What the checker verifies" meets each name `lab check` prints.
@Suite("Exercise READMEs name their checks")
struct ReadmeCheckListTests {
  static let heading = "## What the checker verifies"

  /// The checks of `checkSource` that `readme` does not name as `` `<check name>` `` in its
  /// "What the checker verifies" section. Line breaks inside a name count as spaces, since the
  /// READMEs wrap their lines. A README without the section names none.
  static func missingChecks(readme: String, checkSource: String) -> [String] {
    let section = checkerSection(of: readme)
    let flattened = section.replacing(#/\s+/#, with: " ")
    return TrackCheck.registeredChecks(in: checkSource).filter {
      !flattened.contains("`\($0)`")
    }
  }

  /// The section from its heading (`What the checker verifies`, with or without a tail such as
  /// ", and what it does not") to the next heading of the same level.
  static func checkerSection(of readme: String) -> String {
    guard let start = readme.range(of: heading) else { return "" }
    let rest = readme[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test("Each README's checker section names every check of its main.swift")
  func everyCheckIsNamed() throws {
    let root = LabKitTests.packageRoot
    let catalog = try ExerciseCatalog.load(root: root)
    #expect(catalog.allExercises.count >= 31)
    for exercise in catalog.allExercises {
      let source = try String(
        contentsOf: root.appendingPathComponent("Checks/\(exercise.id)/main.swift"),
        encoding: .utf8)
      // The extraction reads string literals only: a name built at run time (a constant such as
      // `StressCheck.title`) would go unseen here, so every registration must be a literal, as
      // `lab dev check` already demands when it compares the names with the metadata.
      let registrations = source.matches(of: #/\.check\(/#).count
      let names = TrackCheck.registeredChecks(in: source)
      #expect(
        registrations == names.count,
        "Checks/\(exercise.id)/main.swift registers a check whose name is no string literal")
      #expect(!names.isEmpty, "Checks/\(exercise.id)/main.swift registers no check")

      let readmePath = "Exercises/\(exercise.id)/README.md"
      let readme = try String(
        contentsOf: root.appendingPathComponent(readmePath), encoding: .utf8)
      #expect(readme.contains(Self.heading), "\(readmePath) has no \"\(Self.heading)\" section")
      for missing in Self.missingChecks(readme: readme, checkSource: source) {
        Issue.record("\(readmePath) does not name the check `\(missing)` in \"\(Self.heading)\"")
      }
    }
  }

  @Test("A README that leaves a check out, or names it outside the section, is caught")
  func omissionIsCaught() {
    let source = """
      suite.check("the first check") { .pass }
      suite.check("a check whose name is long enough to be wrapped in the README") { .pass }
      """
    let complete = """
      # Step

      ## What the checker verifies

      - `the first check`: something.
      - `a check whose name is long enough to be
        wrapped in the README`: something else.

      ## In the talk
      """
    #expect(Self.missingChecks(readme: complete, checkSource: source).isEmpty)

    let withoutFirst = complete.replacingOccurrences(
      of: "- `the first check`: something.\n", with: "")
    #expect(
      Self.missingChecks(readme: withoutFirst, checkSource: source) == ["the first check"])

    // Named in another section only: still missing from what the checker verifies.
    let elsewhere = withoutFirst + "\n\nSee `the first check`.\n"
    #expect(Self.missingChecks(readme: elsewhere, checkSource: source) == ["the first check"])
  }
}
