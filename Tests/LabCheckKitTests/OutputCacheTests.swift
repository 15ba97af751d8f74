import Foundation
import Testing

@testable import LabCheckKit

/// The compiler's warnings are reused only for exactly the same input.
@Suite("Output cache")
struct OutputCacheTests {
  @Test("A kept answer comes back for the same sources, and not once a file changes")
  func keyedByContent() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("warnings-cache-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Model.swift")
    try "let a = 1\n".write(to: source, atomically: true, encoding: .utf8)
    let module = "CacheProbe\(UUID().uuidString.prefix(8))"
    func cache() throws -> OutputCache {
      try #require(
        OutputCache(
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

  @Test("An exploring child's verdicts are kept per replay: another schedule explores again")
  func keyedByReplay() throws {
    func cache(_ replay: String) throws -> OutputCache {
      try #require(
        OutputCache(name: "ExploreProbe-\(#line)", dependingOn: ["replay", replay]))
    }
    let kept = try cache("").file
    defer { try? FileManager.default.removeItem(at: kept) }
    try cache("").keep("EXPLORE-VERDICT interleavings PASS 77\n")
    #expect(try cache("").output() == "EXPLORE-VERDICT interleavings PASS 77\n")
    #expect(try cache("drinks-in-a-row+in-flight@3:1").output() == nil)
  }
}
