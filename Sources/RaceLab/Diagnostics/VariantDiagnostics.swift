import CompilerDiagnostics
import Foundation

extension CompilerRun {
  /// Compiles the sources of `variant` (`before` or `after`) with `swiftc`, in the Swift 6
  /// language mode with complete concurrency checking, and reports the diagnostics.
  ///
  /// - Parameters:
  ///   - packageRoot: The directory holding `Package.swift`; the compiler runs there, so the
  ///     diagnostics name files as `Sources/...`.
  ///   - modulesDirectory: Where `swift build` put `CoffeeDomain.swiftmodule` and
  ///     `SimulatedPlatform.swiftmodule`: the `Modules` folder of `swift build --show-bin-path`.
  /// - Throws: `Failure` when the compiler cannot run or stops before checking the code.
  ///   Errors in the code are no failure: they are the report.
  public static func run(
    variant: String, packageRoot: URL, modulesDirectory: URL
  ) throws -> DiagnosticsReport {
    let sources = try sourceFiles(variant: variant, packageRoot: packageRoot)
    let missing = dependencies.filter {
      !FileManager.default.fileExists(
        atPath: modulesDirectory.appendingPathComponent("\($0).swiftmodule").path)
    }
    guard missing.isEmpty else {
      throw Failure.missingModules(missing, directory: modulesDirectory)
    }
    let swiftc = try findSwiftc()
    let arguments = compilerArguments(
      variant: variant, sources: sources,
      modulesPath: path(of: modulesDirectory, relativeTo: packageRoot))

    let (status, crashed, output) = try execute(swiftc, arguments, in: packageRoot)
    let diagnostics = DiagnosticsParser.parse(output)
    // Without an error located in a source file, a failing compiler never checked the code.
    let checkedTheCode = diagnostics.contains { $0.severity == .error && $0.line > 0 }
    let brokeEarly = diagnostics.contains { $0.severity == .error && $0.line == 0 }
    if crashed || (status != 0 && (!checkedTheCode || brokeEarly)) {
      throw Failure.compilerFailed(status: status, output: output)
    }

    var texts: [String: String] = [:]
    for file in sources {
      texts[file] = try? String(
        contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    }
    return DiagnosticsReport(
      variant: variant, diagnostics: diagnostics, sources: texts,
      commandLine: [swiftc.path] + arguments)
  }

  /// `url`'s path relative to `root` when it lies inside it, for a shorter command line.
  private static func path(of url: URL, relativeTo root: URL) -> String {
    let path = url.standardizedFileURL.path
    let rootPath = root.standardizedFileURL.path
    return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
  }
}
