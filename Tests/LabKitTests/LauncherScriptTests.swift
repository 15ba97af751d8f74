import CommandLineSupport
import Foundation
import Testing

/// `./lab`, the launcher at the repository's top: the built lab when nothing it is built from is
/// newer, `swift run lab` otherwise. Played in a folder of stand-ins: a "built lab" and a `swift`
/// that say who ran, with their arguments.
@Suite("./lab, the launcher")
final class LauncherScriptTests {
  let folder: URL

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-launcher-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(
      at: folder.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: folder.appendingPathComponent("Sources/Lab"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try manager.copyItem(
      at: LabKitTests.packageRoot.appendingPathComponent("lab"),
      to: folder.appendingPathComponent("lab"))
    try write("// the manifest", to: "Package.swift", executable: false)
    try write("// the lab's code", to: "Sources/Lab/LabMain.swift", executable: false)
    try write("#!/bin/sh\necho \"built lab: $*\"\n", to: ".build/debug/lab", executable: true)
    try write("#!/bin/sh\necho \"swift $*\"\n", to: "bin/swift", executable: true)
    // Built after its sources, as a build leaves it.
    try age("Package.swift", by: 60)
    try age("Sources/Lab/LabMain.swift", by: 60)
  }

  func write(_ text: String, to path: String, executable: Bool) throws {
    let url = folder.appendingPathComponent(path)
    try Data(text.utf8).write(to: url)
    if executable {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
  }

  func age(_ path: String, by seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-seconds)],
      ofItemAtPath: folder.appendingPathComponent(path).path)
  }

  func launch(_ arguments: String...) throws -> String {
    let path = folder.appendingPathComponent("bin").path + ":/usr/bin:/bin"
    let result = try ProcessRunner.run(
      "/bin/sh", [folder.appendingPathComponent("lab").path] + arguments, in: folder,
      environment: ["PATH": path], timeout: 30)
    #expect(result.status == 0, "\(result.output)")
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("With the lab built after every source, it runs the built lab, with the arguments")
  func runsTheBuiltLab() throws {
    #expect(try launch("check", "11") == "built lab: check 11")
  }

  @Test("A source edited since the build: swift build, then the built lab, and the fast path after")
  func editedSourceIsBuiltFirst() throws {
    // Built two minutes ago; the source edited since, a minute ago.
    try age(".build/debug/lab", by: 120)
    #expect(
      try launch("check", "11")
        == "swift build --package-path \(folder.path) -q --product lab\nbuilt lab: check 11")
    // The build left the lab up to date: the next command starts it directly.
    #expect(try launch("check", "11") == "built lab: check 11")
  }

  @Test("A manifest touched but not changed does not keep the fast path away; no lab: swift run")
  func manifestOrNoBuild() throws {
    try age(".build/debug/lab", by: 120)
    #expect(try launch("list").hasPrefix("swift build "))
    #expect(try launch("list") == "built lab: list")
    try FileManager.default.removeItem(at: folder.appendingPathComponent(".build/debug/lab"))
    #expect(try launch("list").hasPrefix("swift run "))
  }
}
