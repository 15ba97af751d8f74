import Foundation
import Testing

@testable import LabKit

/// A fresh clone's first builds are stated once (``FirstBuild``), and every place a learner or an
/// instructor reads them says the same; a `lab` built from `Exercises/` says that it is a second
/// build of the tool.
@Suite("First builds")
struct FirstBuildTests {
  /// The phrases the README and the workshop guide state the figures in.
  static let phrases = [
    "the first `lab list` builds the `lab` tool, \(FirstBuild.labTool)",
    "the first `lab check` builds the lab's shared modules once, \(FirstBuild.coffeeChecks) more",
    "a kata's first check: \(FirstBuild.kataChecks)",
  ]

  @Test(
    "The README and the workshop guide state the figures the lab prints",
    arguments: [
      "README.md", "docs/workshop.md",
    ])
  func documentsAgree(file: String) throws {
    let text = try String(
      contentsOf: LabKitTests.packageRoot.appendingPathComponent(file), encoding: .utf8)
    // Lines are wrapped: a phrase may break anywhere a space is.
    let flattened = text.replacing(#/\s+/#, with: " ")
    for phrase in Self.phrases {
      #expect(flattened.contains(phrase), "\(file) does not say \"\(phrase)\"")
    }
  }

  @Test("lab help check and the first build's line say the coffee track's figure")
  func labSaysTheFigure() {
    #expect(LabCommand.help(for: "check").contains("(\(FirstBuild.coffeeChecks), a kata's"))
  }

  @Test("A lab built into Exercises/.build says so in one line, with the command to use instead")
  func secondBuildNotice() throws {
    let root = URL(fileURLWithPath: "/tmp/lab-clone")
    let notice = try #require(
      FirstBuild.secondBuildNotice(
        executable: root.appendingPathComponent(
          "Exercises/.build/x86_64-unknown-linux-gnu/debug/lab"),
        root: root, arguments: ["check", "3"]))
    #expect(!notice.contains("\n"))
    #expect(notice.contains("Exercises/.build"))
    #expect(notice.hasSuffix("cd .. && swift run lab check 3"))
    #expect(
      FirstBuild.secondBuildNotice(
        executable: root.appendingPathComponent(".build/debug/lab"), root: root,
        arguments: ["list"]) == nil)
    // A folder beside the clone whose name starts the same is not inside it.
    #expect(
      FirstBuild.secondBuildNotice(
        executable: URL(fileURLWithPath: "/tmp/lab-clone/Exercises2/.build/debug/lab"),
        root: root, arguments: []) == nil)
  }

  @Test("The command in the notice reads back as the arguments given")
  func shellWords() {
    #expect(FirstBuild.shellWord("apod/1") == "apod/1")
    #expect(FirstBuild.shellWord("--timeout") == "--timeout")
    #expect(FirstBuild.shellWord("two words") == "'two words'")
    #expect(FirstBuild.shellWord("it's") == #"'it'\''s'"#)
    #expect(FirstBuild.shellWord("") == "''")
  }
}
