import Foundation
import RaceLab

/// Checks whose lesson is the compiler's: compile the exercise's sources with stricter settings
/// and look at the diagnostics.
public enum CompilerChecks {
  /// The diagnostics of the exercise's sources compiled as module `moduleName` in the Swift 6
  /// language mode with complete concurrency checking. Needs the modules built beside the check
  /// executable (`swift build` puts them in `Modules`).
  public static func swift6Diagnostics(of sources: ExerciseSources, moduleName: String) throws
    -> [CompilerDiagnostic]
  {
    let swiftc = try CompilerDiagnostics.findSwiftc()
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { sources.directory.appendingPathComponent($0).path }
    let modules = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("Modules")
    let process = Process()
    process.executableURL = swiftc
    process.arguments =
      CompilerDiagnostics.compilerArguments(
        variant: moduleName, sources: files, modulesPath: modules.path)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return DiagnosticsParser.parse(String(decoding: data, as: UTF8.self)).filter {
      $0.severity != .note
    }
  }
}
