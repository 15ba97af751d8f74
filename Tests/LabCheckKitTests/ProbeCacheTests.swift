import CompilerDiagnostics
import Foundation
import Testing

@testable import LabCheckKit

/// A compiler probe is asked once per content of the learner's files: a re-check with no edit
/// reads its answer back, and any change to a file or to the probe asks the compiler again.
@Suite("Compiler probe cache")
struct ProbeCacheTests {
  @Test("A probe's answer is read back for the same files and probe, and asked again otherwise")
  func keyedByFilesAndProbe() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("probe-cache-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("Model.swift")
    try "struct Model {}\n".write(to: model, atomically: true, encoding: .utf8)
    let sources = try ExerciseSources(path: folder.path)
    let module = "ProbeCache\(UUID().uuidString.prefix(8))"
    let probe = "let mistyped: Int = \"text\""
    func ask(_ probe: String) throws -> [CompilerDiagnostic] {
      try CompilerChecks.probeDiagnostics(
        appending: probe, to: "Model.swift", of: sources, moduleName: module)
    }
    let asked = try ask(probe)
    #expect(asked.contains { $0.severity == .error && $0.line == 1 })
    // The diagnostics name the learner's file, not the folder the probe was compiled in.
    #expect(asked.allSatisfy { $0.file == model.path })
    func entries() throws -> [URL] {
      try FileManager.default.contentsOfDirectory(
        at: OutputCache.folder, includingPropertiesForKeys: nil
      ).filter { $0.lastPathComponent.hasPrefix("\(module)-swift6-probe-") }
    }
    defer { for entry in (try? entries()) ?? [] { try? FileManager.default.removeItem(at: entry) } }
    let entry = try #require(try entries().first)
    #expect(try entries().count == 1)
    // The same question again is answered from the entry: a marked answer put there comes back.
    let kept = try String(contentsOf: entry, encoding: .utf8)
    let marked = kept.replacingOccurrences(of: "error:", with: "warning:")
    try marked.write(to: entry, atomically: true, encoding: .utf8)
    #expect(try ask(probe).allSatisfy { $0.severity == .warning })
    // Another probe, or one more character in the learner's file: the compiler answers again.
    #expect(try ask(probe + " ").contains { $0.severity == .error })
    try "struct Model { }\n".write(to: model, atomically: true, encoding: .utf8)
    #expect(try ask(probe).contains { $0.severity == .error })
  }
}
