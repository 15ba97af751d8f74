import CommandLineSupport
import Foundation

/// What the command line of `editor-check` asks for.
struct EditorCheckOptions {
  var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  /// The folder the editor opens, relative to `root`.
  var workspace = "Exercises"
  var timeout: TimeInterval = 900
  var scenarios = EditorScenario.all
  var verbose = false

  /// Reads the options; `--name value` or `--name=value`.
  init(parsing arguments: ParsedArguments) throws {
    var arguments = arguments
    if let path = try arguments.value("--root") {
      root = URL(fileURLWithPath: path).standardizedFileURL
    }
    workspace = try arguments.value("--open") ?? workspace
    if let text = try arguments.value("--timeout") {
      guard let seconds = TimeInterval(text), seconds > 0 else {
        throw UsageError("--timeout takes a number of seconds, not '\(text)'")
      }
      timeout = seconds
    }
    if let name = try arguments.value("--only") {
      scenarios = EditorScenario.all.filter { $0.name == name }
      guard !scenarios.isEmpty else {
        throw UsageError("--only takes coffee or kata, not '\(name)'")
      }
    }
    verbose = try arguments.flag("--verbose")
    try arguments.done()
    let manifest = root.appendingPathComponent("Exercises/Package.swift")
    guard FileManager.default.fileExists(atPath: manifest.path) else {
      throw UsageError("no Exercises/Package.swift in \(root.path): pass --root")
    }
  }
}
