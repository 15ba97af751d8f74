import Foundation
import LabBook
import RaceLab
import Testing

/// The lab book without a browser: every race has its page with both lane diagrams, drawn from
/// runs, and the racing lines it shows are still in the sources. (CI opens the pages in
/// headless Chromium: .ci/book.)
@Suite("The lab book", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct LabBookTests {
  /// The package root: three folders above this file.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  @Test("Every race's lesson names racing lines that are in the sources, and an exercise")
  func lessonsPointAtRealLines() {
    for entry in RaceCatalog.entries {
      let lesson = entry.lesson
      for line in [lesson.before, lesson.after] {
        #expect(
          CodeExcerpt.find(line.needle, in: line.file, root: Self.root) != nil,
          "\(entry.id): '\(line.needle)' is not in \(line.file)")
      }
      #expect(
        FileManager.default.fileExists(
          atPath: "\(Self.root)/Exercises/\(lesson.exerciseID)/README.md"),
        "\(entry.id): no exercise \(lesson.exerciseID)")
    }
  }

  @Test("The book has an index, and a page per race with a before and an after diagram")
  func bookHasEveryRace() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-book-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pages = try await LabBook.write(to: folder, root: Self.root)
    #expect(pages.contains("index.html"))
    for entry in RaceCatalog.entries {
      let page = try String(
        contentsOf: folder.appendingPathComponent("race-\(entry.id).html"), encoding: .utf8)
      #expect(page.components(separatedBy: "<svg class=\"lanes\" data-side=\"before\"").count == 2)
      #expect(page.components(separatedBy: "<svg class=\"lanes\" data-side=\"after\"").count == 2)
      #expect(page.contains("class=\"event"), "\(entry.id): a diagram without events")
      #expect(!page.contains("not found"), "\(entry.id): a racing line is missing")
      #expect(!page.contains("<script"))
      #expect(!page.contains("http://") || page.contains("http://www.w3.org/2000/svg"))
    }
  }
}
