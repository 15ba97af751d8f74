import Foundation
import RaceLab
import Testing

/// The learner's race page is generated from the catalog; this keeps the two from drifting.
@Suite("Race docs")
struct RaceDocsTests {
  @Test("docs/races.md is what `race-lab docs` generates")
  func docsAreUpToDate() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let onDisk = try String(
      contentsOf: root.appendingPathComponent("docs/races.md"), encoding: .utf8)
    #expect(onDisk == RaceDocs.markdown, "run: swift run race-lab docs > docs/races.md")
  }
}
