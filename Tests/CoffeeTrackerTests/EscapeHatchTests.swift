import Foundation
import SourceScan
import Testing

/// The after variant is proven race-free by the compiler in the Swift 6 language mode; that
/// proof holds only if no source opts out of the checking. Any escape hatch fails this test,
/// named by file and line.
@Suite("The after variant opts out of no concurrency checking")
struct EscapeHatchTests {
  static let afterSources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CoffeeTrackerAfter")

  @Test("Sources/CoffeeTrackerAfter uses no escape hatch")
  func noEscapeHatch() throws {
    let swiftFiles = try FileManager.default.subpathsOfDirectory(atPath: Self.afterSources.path)
      .filter { $0.hasSuffix(".swift") }
    // An empty or moved folder would make the scan pass vacuously.
    #expect(swiftFiles.count >= 5, "found only \(swiftFiles) in \(Self.afterSources.path)")

    let uses = try EscapeHatchScan.uses(inSwiftFilesUnder: Self.afterSources)
    let listed = uses.map { "Sources/CoffeeTrackerAfter/\($0)" }.joined(separator: "\n")
    #expect(uses.isEmpty, "escape hatches in Sources/CoffeeTrackerAfter:\n\(listed)")
  }
}
