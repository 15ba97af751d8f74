import Foundation
import Testing

@testable import LabCheckKit

/// The compiler's warnings are reused only for exactly the same input.
@Suite("Warnings cache")
struct WarningsCacheTests {
  @Test("A kept answer comes back for the same sources, and not once a file changes")
  func keyedByContent() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("warnings-cache-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Model.swift")
    try "let a = 1\n".write(to: source, atomically: true, encoding: .utf8)
    let module = "CacheProbe\(UUID().uuidString.prefix(8))"
    func cache() throws -> WarningsCache {
      try #require(
        WarningsCache(
          moduleName: module, languageMode: 5, swiftc: URL(fileURLWithPath: "/bin/sh"),
          arguments: ["-typecheck", source.path], files: [source.path]))
    }
    let kept = try cache().file
    defer { try? FileManager.default.removeItem(at: kept) }
    #expect(try cache().output() == nil)
    try cache().keep("Model.swift:1:5: warning: a kept answer\n")
    #expect(try cache().output() == "Model.swift:1:5: warning: a kept answer\n")
    // One character more in the learner's file: the compiler must run again.
    try "let a = 12\n".write(to: source, atomically: true, encoding: .utf8)
    #expect(try cache().output() == nil)
  }
}
