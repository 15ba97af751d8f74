import Foundation
import Testing

@testable import LabKit

/// A fresh clone's first builds are stated once (``FirstBuild``), and every place a learner or an
/// instructor reads them says the same.
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
}
