import Foundation
import SourceScan
import Testing

/// Checks that the scan finds each escape hatch in code, on the right line, and is not fooled by
/// comments or strings that mention one.
@Suite("Escape hatch scan")
struct EscapeHatchScanTests {
  /// One escape hatch in code, and the construct it must be reported as.
  static let inCode: [(source: String, hatch: EscapeHatch)] = [
    ("nonisolated(unsafe) var cache: [Int] = []", .nonisolatedUnsafe),
    ("nonisolated ( unsafe ) let handler = handler", .nonisolatedUnsafe),
    ("final class Box: @unchecked Sendable {}", .uncheckedSendable),
    ("extension Box: @unchecked Swift.Sendable {}", .uncheckedSendable),
    ("MainActor.assumeIsolated { model.update() }", .assumeIsolated),
    ("actor.`assumeIsolated` { _ in }", .assumeIsolated),
    ("@preconcurrency import Dispatch", .preconcurrency),
    ("extension Model: @preconcurrency Delegate {}", .preconcurrency),
    ("await withUnsafeContinuation { $0.resume() }", .unsafeContinuation),
    ("try await withUnsafeThrowingContinuation { c in store.run(c) }", .unsafeContinuation),
  ]

  @Test("Finds each escape hatch in code", arguments: inCode)
  func findsInCode(source: String, hatch: EscapeHatch) {
    let uses = EscapeHatchScan.uses(in: "\n\n" + source + "\n", file: "App.swift")
    #expect(uses == [EscapeHatchUse(hatch: hatch, file: "App.swift", line: 3)])
  }

  /// Sources that mention escape hatches only where they are not code.
  static let notCode: [String] = [
    "// nonisolated(unsafe) would silence the compiler here",
    "/* @unchecked Sendable */ final class Box: Sendable {}",
    "/* outer /* nested */ assumeIsolated still in the comment */",
    #"let hint = "use withUnsafeContinuation, not @preconcurrency""#,
    #"let hint = "a \"quoted\" assumeIsolated""#,
    "let hint = \"\"\"\n  nonisolated(unsafe)\n  \"@unchecked Sendable\"\n  \"\"\"",
    ##"let hint = #"a raw "assumeIsolated" string, \(not interpolated)"#"##,
    "/// Never write `nonisolated(unsafe)` here.",
    "let nonisolatedUnsafe = 1; let unchecked = assumeIsolatedCount",
    "nonisolated func f(unsafe: Int) {}",
  ]

  @Test("Ignores comments, strings and look-alike names", arguments: notCode)
  func ignoresNonCode(source: String) {
    #expect(EscapeHatchScan.uses(in: source, file: "App.swift") == [])
  }

  @Test("Scans the code inside a string's interpolation")
  func scansInterpolation() {
    let source = """
      let text = "level: \\(MainActor.assumeIsolated { model.level })"
      let raw = #"level: \\#(box.assumeIsolated { $0 }) and \\(not code)"#
      """
    let uses = EscapeHatchScan.uses(in: source, file: "App.swift")
    #expect(uses.map(\.line) == [1, 2])
    #expect(uses.allSatisfy { $0.hatch == .assumeIsolated })
  }

  @Test("Counts lines across multi-line strings and comments")
  func countsLines() {
    let source = """
      /*
       several lines
       */
      let text = \"\"\"
        one
        two
        \"\"\"
      @preconcurrency import Foundation
      """
    #expect(
      EscapeHatchScan.uses(in: source, file: "A.swift") == [
        EscapeHatchUse(hatch: .preconcurrency, file: "A.swift", line: 8)
      ])
  }

  @Test("Names the file, relative to the folder, and the line of each use")
  func scansFolder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("escape-hatch-scan-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Nested"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "// clean\nlet x = 1\n".write(
      to: folder.appendingPathComponent("Clean.swift"), atomically: true, encoding: .utf8)
    try "\nnonisolated(unsafe) var y = 2\n".write(
      to: folder.appendingPathComponent("Nested/Dirty.swift"), atomically: true, encoding: .utf8)
    try "nonisolated(unsafe) var z = 3\n".write(
      to: folder.appendingPathComponent("Notes.md"), atomically: true, encoding: .utf8)

    let uses = try EscapeHatchScan.uses(inSwiftFilesUnder: folder)
    #expect(uses.map(\.description) == ["Nested/Dirty.swift:2: nonisolated(unsafe)"])
  }

  @Test("A folder that cannot be read is an error, not a clean result")
  func missingFolder() {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    #expect(throws: (any Error).self) { try EscapeHatchScan.uses(inSwiftFilesUnder: missing) }
  }
}
