import CommandLineSupport
import Foundation
import Testing

/// The lab's commands as built beside the tests (`swift test` builds every product first), so
/// that a test can run one as a learner or an instructor types it.
enum BuiltProduct {
  /// The folder of the build these tests run from, where the products are built beside them.
  static let folder: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      if FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent("race-lab").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// The path of the product `name`; nil when it is not built there.
  static func path(_ name: String) -> String? {
    guard let url = folder?.appendingPathComponent(name),
      FileManager.default.isExecutableFile(atPath: url.path)
    else { return nil }
    return url.path
  }

  /// Runs the product `name` with `arguments` and returns how it ended and what it printed on
  /// standard output (standard error is discarded). The output goes through a file, not a pipe:
  /// what the test reads is whole once the program has ended, however busy the machine.
  static func run(
    _ name: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], timeout: TimeInterval
  ) throws -> (result: ProcessResult, output: String) {
    let executable = try #require(path(name), "\(name) is not built next to the tests")
    let outputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let result = try ProcessRunner.run(
      executable, arguments, in: directory, environment: environment,
      standardOutput: .file(outputFile), standardError: .discarded, timeout: timeout)
    return (result, try String(contentsOf: outputFile, encoding: .utf8))
  }
}
