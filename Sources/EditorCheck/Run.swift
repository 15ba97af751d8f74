import CommandLineSupport
import Dispatch
import Foundation

/// One run of the check: a server on `Exercises/`, each scenario's file opened in turn.
struct Run {
  let options: EditorCheckOptions

  /// Runs every scenario; true when all pass.
  func perform() throws -> Bool {
    let exercises = options.root.appendingPathComponent(options.workspace).standardizedFileURL
    let logFolder = options.root.appendingPathComponent(".build/editor-check")
    try FileManager.default.createDirectory(at: logFolder, withIntermediateDirectories: true)
    let log = logFolder.appendingPathComponent("sourcekit-lsp.log")
    let executable = try Self.findSourceKitLSP()
    let deadline = DispatchTime.now() + options.timeout
    print("editor-check: \(executable.path), workspace \(exercises.path)")
    let server = try LanguageServer(executable: executable, arguments: [], log: log)
    defer { server.stop() }
    _ = try server.request(
      "initialize",
      [
        "processId": Int(ProcessInfo.processInfo.processIdentifier),
        "rootUri": exercises.absoluteString,
        "workspaceFolders": [
          ["uri": exercises.absoluteString, "name": exercises.lastPathComponent]
        ],
        "capabilities": [
          "textDocument": [
            "definition": [:], "hover": ["contentFormat": ["markdown", "plaintext"]],
            "diagnostic": [:], "publishDiagnostics": ["codeDescriptionSupport": true],
          ],
          "window": ["workDoneProgress": true],
        ],
      ], deadline: deadline)
    try server.notify("initialized", [:])
    var passed = true
    for scenario in options.scenarios {
      let checker = ScenarioRun(
        scenario: scenario, server: server, root: options.root, deadline: deadline,
        verbose: options.verbose)
      do {
        passed = try checker.perform() && passed
      } catch {
        print("  ✗ \(scenario.name): \(error) (server log: \(log.path))")
        passed = false
      }
    }
    print(passed ? "editor-check: passed" : "editor-check: FAILED (server log: \(log.path))")
    return passed
  }

  /// The toolchain's `sourcekit-lsp`: `SOURCEKIT_LSP` if set, else the one on `PATH`, else (on
  /// macOS) the one `xcrun` finds.
  static func findSourceKitLSP() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SOURCEKIT_LSP"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    if let path = ProcessRunner.executable(named: "sourcekit-lsp") {
      return URL(fileURLWithPath: path)
    }
    #if os(macOS)
      let xcrun = try ProcessRunner.run(
        "/usr/bin/xcrun", ["--find", "sourcekit-lsp"], standardError: .discarded)
      let path = xcrun.output.trimmingCharacters(in: .whitespacesAndNewlines)
      if xcrun.succeeded, !path.isEmpty { return URL(fileURLWithPath: path) }
    #endif
    throw UsageError("no sourcekit-lsp on PATH; set SOURCEKIT_LSP to the toolchain's")
  }
}
