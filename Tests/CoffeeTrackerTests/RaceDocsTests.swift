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

extension RaceDocsTests {
  /// A defect listed as not catalogued is still in the code it names: a fix, or a change that
  /// moves it, must update the list (or catalog the defect) rather than leave it stale.
  @Test("Each defect the docs list as not catalogued is still where they say")
  func uncataloguedDefectsAreStillThere() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    try #require(!RaceDocs.uncatalogued.isEmpty)
    for defect in RaceDocs.uncatalogued {
      #expect(!defect.lines.isEmpty, "\(defect.title) names no line")
      for line in defect.lines {
        let text = try String(
          contentsOf: root.appendingPathComponent(line.file), encoding: .utf8)
        #expect(
          text.contains(line.needle),
          "\(defect.title): \(line.file) no longer has `\(line.needle)`; update the entry")
      }
      #expect(RaceDocs.markdown.contains("### \(defect.title)"))
    }
    // The page claims no completeness: it says where the rest is.
    #expect(RaceDocs.markdown.contains("## Defects the lab does not catalog"))
    #expect(!RaceDocs.markdown.contains("Every concurrency defect"))
  }
}
