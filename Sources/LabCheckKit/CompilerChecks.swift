import CheckReporting
import CompilerDiagnostics
import Foundation

/// Checks whose lesson is the compiler's: compile the exercise's sources with stricter settings
/// and look at the diagnostics.
public enum CompilerChecks {
  /// The diagnostics of the exercise's sources compiled as module `moduleName` in the Swift 6
  /// language mode with complete concurrency checking. Needs the modules built beside the check
  /// executable (`swift build` puts them in `Modules`). `settings` are further compiler flags,
  /// such as the exercise's `-default-isolation MainActor`.
  /// A re-check with nothing changed reads the compiler's last answer from `OutputCache`.
  public static func swift6Diagnostics(
    of sources: ExerciseSources, moduleName: String, settings: [String] = []
  ) throws -> [CompilerDiagnostic] {
    let files = try files(of: sources)
    let arguments =
      CompilerRun.compilerArguments(
        variant: moduleName, sources: files, modulesPath: builtModules.path) + settings
    return try diagnostics(
      compiling: arguments, cachedAs: "\(moduleName)-swift6-sil", files: files)
  }

  /// The diagnostics of the exercise's sources type-checked as module `moduleName` in the
  /// Swift 5 language mode, the early steps' own, where some concurrency diagnostics are
  /// warnings of the type checker. (`-typecheck` stops before SIL, so the flow-sensitive checks
  /// of region-based isolation never run in it.) In one compiler job, as `CompilerWarnings`
  /// does. Cached like ``swift6Diagnostics(of:moduleName:settings:)``.
  public static func swift5TypeCheckDiagnostics(
    of sources: ExerciseSources, moduleName: String
  ) throws -> [CompilerDiagnostic] {
    let files = try files(of: sources)
    let arguments =
      [
        "-typecheck", "-wmo", "-swift-version", "5", "-module-name", moduleName,
        "-I", builtModules.path,
      ] + CompilerRun.diagnosticFormat + files
    return try diagnostics(
      compiling: arguments, cachedAs: "\(moduleName)-swift5-typecheck", files: files)
  }

  /// The diagnostics of one compile, read from the cache entry `name` when nothing it reads has
  /// changed (the compiler, its arguments, the text of `files`).
  private static func diagnostics(
    compiling arguments: [String], cachedAs name: String, files: [String]
  ) throws -> [CompilerDiagnostic] {
    let cache = OutputCache(
      name: name, swiftc: try CompilerRun.findSwiftc(), arguments: arguments, files: files)
    if let kept = cache?.output() {
      return DiagnosticsParser.parse(kept).filter { $0.severity != .note }
    }
    let outcome = try CompilerRun.outcome(compiling: arguments)
    // Only a finished compile is kept: a compiler that crashed may answer otherwise next time.
    if !outcome.crashed { cache?.keep(outcome.output) }
    return outcome.diagnostics
  }
}

extension CompilerChecks {
  /// The exercise module's compiler flags beyond the language mode, as its metadata gives them
  /// and `lab` passes them (`LabEnvironment.moduleCompilerFlags`): pass them as `settings` when
  /// the lesson depends on them, so the probe builds as the module does. Empty for a module
  /// with none; an error when the check was not started by `lab`.
  public static func moduleCompilerFlags() throws -> [String] {
    guard let flags = ProcessInfo.processInfo.environment[LabEnvironment.moduleCompilerFlags]
    else { throw CheckKitError.noModuleCompilerFlags }
    return flags.split(separator: " ").map(String.init)
  }

  /// The exercise's Swift files, sorted.
  public static func files(of sources: ExerciseSources) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sources.directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { sources.directory.appendingPathComponent($0).path }
  }

  /// The modules `swift build` put beside the check executable.
  public static var builtModules: URL {
    URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("Modules")
  }

  /// Compiles the exercise's sources with `probe` appended to `file`, in the Swift 6 language
  /// mode, and returns the diagnostics on the probe's lines, numbered from the probe's first line
  /// (1): a way to ask the compiler whether the learner's code refuses a call it should refuse (a
  /// nonisolated caller of a main-actor method, say), when no behaviour can tell. Match them by
  /// `id` or `group`, never by message: the wording changes between compilers. `settings` are
  /// the exercise's further compiler flags, such as `-default-isolation MainActor`.
  /// A re-check with nothing changed reads the compiler's last answer from `OutputCache`.
  public static func probeDiagnostics(
    appending probe: String, to file: String, of sources: ExerciseSources, moduleName: String,
    settings: [String] = []
  ) throws -> [CompilerDiagnostic] {
    let firstProbeLine = try sources.text(of: file).components(separatedBy: "\n").count + 1
    let probed = { (diagnostic: CompilerDiagnostic) in
      diagnostic.fileName == file && diagnostic.line >= firstProbeLine
    }
    // Keyed by the learner's files and the probe, not by the compile's own arguments, which
    // name a folder made afresh for each compile.
    let learnerFiles = try files(of: sources)
    let cache = OutputCache(
      name: "\(moduleName)-swift6-probe-\(OutputCache.stableHash(file + "\u{0}" + probe))",
      swiftc: try CompilerRun.findSwiftc(),
      arguments: [moduleName, builtModules.path, file, probe] + settings, files: learnerFiles)
    let output: String
    if let kept = cache?.output() {
      output = kept
    } else {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("lab-probe-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      for path in learnerFiles {
        let name = URL(fileURLWithPath: path).lastPathComponent
        var text = try sources.text(of: name)
        if name == file { text += "\n" + probe + "\n" }
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      let probeFiles = learnerFiles.map {
        folder.appendingPathComponent(URL(fileURLWithPath: $0).lastPathComponent).path
      }
      let outcome = try CompilerRun.outcome(
        compiling: CompilerRun.compilerArguments(
          variant: moduleName, sources: probeFiles, modulesPath: builtModules.path) + settings)
      // The diagnostics name the learner's files, not the folder that is gone after this call.
      output = outcome.output.replacingOccurrences(
        of: folder.path + "/", with: sources.directory.path + "/")
      if !outcome.crashed { cache?.keep(output) }
    }
    return DiagnosticsParser.parse(output).filter { $0.severity != .note && probed($0) }.map {
      CompilerDiagnostic(
        file: $0.file, line: $0.line - firstProbeLine + 1, column: $0.column,
        severity: $0.severity, message: $0.message, group: $0.group, id: $0.id, notes: $0.notes)
    }
  }
}
