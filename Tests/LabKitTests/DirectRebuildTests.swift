import Foundation
import Testing

@testable import LabKit

/// After an edit inside the learner's files, a re-check runs again exactly the commands of
/// SwiftPM's plan that read them, in the order their inputs allow, and nothing else; anything
/// it cannot stand for leaves the build to SwiftPM.
@Suite("Direct rebuild")
struct DirectRebuildTests {
  /// A plan in the form SwiftPM writes (`debug.yaml`), cut down to one exercise's chain: the
  /// module, its wrapper, the check that imports it, the link; a sources list, a phony node and
  /// an unrelated library besides. Listed out of order on purpose.
  static func plan(echoingTo log: String = "/dev/null", failing: String = "") -> String {
    func shell(_ name: String, inputs: [String], outputs: [String]) -> String {
      let exit = name == failing ? "; exit 1" : ""
      return """
          "\(name)":
            tool: shell
            inputs: [\(inputs.map { "\"\($0)\"" }.joined(separator: ","))]
            outputs: [\(outputs.map { "\"\($0)\"" }.joined(separator: ","))]
            description: "\(name)"
            args: ["/bin/sh","-c","echo \(name) $0 >> \(log)\(exit)","-parseable-output"]

        """
    }
    return """
      client:
        name: basic
      targets:
        "main": ["<Step-module>"]
      commands:
        "/b/Step.build/sources":
          tool: write-auxiliary-file
          inputs: ["/e/Model.swift","/e/View.swift"]
          outputs: ["/b/Step.build/sources"]

      """
        + shell(
          "C.Check.exe", inputs: ["/b/Check.o", "/b/Step.o", "/b/Step.wrap.o"],
          outputs: ["/b/Check"])
        + shell(
          "C.Check.module", inputs: ["/c/main.swift", "<Step-module>"], outputs: ["/b/Check.o"])
        + shell(
          "C.Step.module", inputs: ["/e/Model.swift", "/e/View.swift", "/b/Step.build/sources"],
          outputs: ["/b/Step.o", "/b/Step.swiftmodule"])
        + shell("C.Step.wrap", inputs: ["/b/Step.swiftmodule"], outputs: ["/b/Step.wrap.o"])
        + shell("C.Other.module", inputs: ["/s/Other.swift"], outputs: ["/b/Other.o"])
        + [
          "  \"<Step-module>\":", "    tool: phony",
          "    inputs: [\"/b/Step.o\",\"/b/Step.swiftmodule\"]", "    outputs: [\"<Step-module>\"]",
          "",
        ].joined(separator: "\n")
  }

  @Test("The commands that read the learner's files run again, each after what makes its inputs")
  func chainInOrder() throws {
    let rebuild = try #require(
      DirectRebuild.commands(
        in: Self.plan(), edited: ["/e/Model.swift", "/e/View.swift"], product: "Check"))
    #expect(
      rebuild.commands.map(\.name) == [
        "C.Step.module", "C.Check.module", "C.Step.wrap", "C.Check.exe",
      ]
        || rebuild.commands.map(\.name) == [
          "C.Step.module", "C.Step.wrap", "C.Check.module", "C.Check.exe",
        ])
    let names = rebuild.commands.map(\.name)
    #expect(names.firstIndex(of: "C.Step.module")! < names.firstIndex(of: "C.Check.module")!)
    #expect(names.firstIndex(of: "C.Step.wrap")! < names.firstIndex(of: "C.Check.exe")!)
    #expect(!names.contains("C.Other.module"))
  }

  @Test("Files the plan does not name, or no link of the product, leave the build to SwiftPM")
  func otherwiseSwiftPM() {
    #expect(
      DirectRebuild.commands(in: Self.plan(), edited: ["/elsewhere/Model.swift"], product: "Check")
        == nil)
    #expect(
      DirectRebuild.commands(in: Self.plan(), edited: ["/e/Model.swift"], product: "Another")
        == nil)
    // An edit that reaches a tool the rebuild cannot stand for (here, test discovery).
    let discovering =
      Self.plan() + """
          "discover":
            tool: test-discovery-tool
            inputs: ["/b/Step.o"]
            outputs: ["/b/discovered.swift"]

        """
    #expect(
      DirectRebuild.commands(in: discovering, edited: ["/e/Model.swift"], product: "Check") == nil)
  }

  @Test("The commands run in that order without SwiftPM's JSON output; the first failure ends it")
  func runsAndStops() throws {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("direct-rebuild-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let root = FileManager.default.temporaryDirectory
    let rebuild = try #require(
      DirectRebuild.commands(
        in: Self.plan(echoingTo: log.path), edited: ["/e/Model.swift"], product: "Check"))
    // `sh -c SCRIPT -parseable-output` would log the flag as its $0: it must be gone.
    let (succeeded, _) = try rebuild.run(in: root)
    #expect(succeeded)
    let ran = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(ran.map { String($0.split(separator: " ")[0]) } == rebuild.commands.map(\.name))
    #expect(!ran.contains { $0.hasSuffix("-parseable-output") })
    try FileManager.default.removeItem(at: log)
    let failing = try #require(
      DirectRebuild.commands(
        in: Self.plan(echoingTo: log.path, failing: "C.Step.module"), edited: ["/e/Model.swift"],
        product: "Check"))
    let (failed, _) = try failing.run(in: root)
    #expect(!failed)
    #expect(try String(contentsOf: log, encoding: .utf8).hasPrefix("C.Step.module "))
    #expect(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count == 1)
  }

  /// A new temporary folder with an object file (`Step.o`) and the product linked from it
  /// (`Check`), both written now.
  static func objectAndProduct() throws -> (folder: URL, object: URL, product: URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("direct-rebuild-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let object = folder.appendingPathComponent("Step.o")
    let product = folder.appendingPathComponent("Check")
    try "object".write(to: object, atomically: true, encoding: .utf8)
    try "binary".write(to: product, atomically: true, encoding: .utf8)
    return (folder, object, product)
  }

  @Test("In full, every command runs whatever the times, and compiles without -incremental")
  func inFullRunsEverything() throws {
    let (folder, input, output) = try Self.objectAndProduct()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("ran.log")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: input.path)
    // `sh -c SCRIPT $0 $1`: the script logs its arguments.
    let link = DirectRebuild.Command(
      name: "link", tool: "shell", inputs: [input.path], outputs: [output.path],
      arguments: ["/bin/sh", "-c", "echo \"$0 $1\" >> \(log.path)", "-incremental", "-c"])
    let rebuild = DirectRebuild(commands: [link])
    #expect(!DirectRebuild.isOutOfDate(link))
    _ = try rebuild.run(in: folder)
    #expect(!FileManager.default.fileExists(atPath: log.path))
    let (succeeded, _) = try rebuild.run(in: folder, inFull: true)
    #expect(succeeded)
    #expect(try String(contentsOf: log, encoding: .utf8) == "-c \n")
  }

  @Test("A command whose outputs are newer than all its inputs does not run again, as in llbuild")
  func upToDateCommandsSkip() throws {
    let (folder, input, output) = try Self.objectAndProduct()
    defer { try? FileManager.default.removeItem(at: folder) }
    let earlier = Date(timeIntervalSinceNow: -60)
    try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: input.path)
    let link = DirectRebuild.Command(
      name: "link", tool: "shell", inputs: [input.path, "<Step-module>"], outputs: [output.path],
      arguments: [])
    // The object is older than the product: the link would make the same file again.
    #expect(!DirectRebuild.isOutOfDate(link))
    // The object made again: link.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: input.path)
    #expect(DirectRebuild.isOutOfDate(link))
    // A missing output, or an input that cannot be read: run.
    try FileManager.default.removeItem(at: output)
    #expect(DirectRebuild.isOutOfDate(link))
    try "binary".write(to: output, atomically: true, encoding: .utf8)
    let missingInput = DirectRebuild.Command(
      name: "link", tool: "shell", inputs: [folder.appendingPathComponent("gone.o").path],
      outputs: [output.path], arguments: [])
    #expect(DirectRebuild.isOutOfDate(missingInput))
  }
}
