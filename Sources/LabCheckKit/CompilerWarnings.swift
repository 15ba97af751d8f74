import CheckReporting
import CompilerDiagnostics
import Foundation

/// The learner's concurrency warnings, in the exercise's own language mode: the Swift 5 mode
/// steps build quietly (minimal checking), yet what the compiler would say with complete checking
/// is the lesson. The check executable type-checks the learner's files with
/// `-strict-concurrency=complete` and prints each warning as
///
///     LAB-WARNING <file>:<line>: <message> [#Group]
///
/// which `lab check` shows above the verdict.
public enum CompilerWarnings {
  /// The warnings of the exercise's sources type-checked as module `moduleName` in the Swift
  /// `languageMode` mode with complete concurrency checking. (`-typecheck` skips the checks of
  /// region-based isolation, which need SIL; in the Swift 5 mode they are not errors anyway.)
  /// A re-check with nothing changed reads the compiler's last answer from `OutputCache`.
  public static func warnings(
    of sources: ExerciseSources, moduleName: String, languageMode: Int = 5
  ) throws -> [CompilerDiagnostic] {
    let files = try CompilerChecks.files(of: sources)
    let arguments =
      [
        "-typecheck", "-wmo", "-swift-version", "\(languageMode)",
        "-strict-concurrency=complete", "-module-name", moduleName,
        "-I", CompilerChecks.builtModules.path,
      ] + CompilerRun.diagnosticFormat + files
    let swiftc = try CompilerRun.findSwiftc()
    let cache = OutputCache(
      moduleName: moduleName, languageMode: languageMode, swiftc: swiftc, arguments: arguments,
      files: files)
    let output: String
    if let kept = cache?.output() {
      output = kept
    } else {
      let outcome = try CompilerRun.outcome(compiling: arguments)
      output = outcome.output
      // Only a finished type-check is kept: a compiler that crashed or could not find a
      // module may answer otherwise next time.
      if outcome.status == 0, !outcome.crashed { cache?.keep(output) }
    }
    return DiagnosticsParser.parse(output).filter { $0.severity == .warning }
  }

  /// Prints the learner's warnings in `files` as `LAB-WARNING` lines, for `lab` to show, and
  /// the calls of deprecated declarations in `deprecatedCallsIn`: a deprecated shim's warnings
  /// are the list of callers still to migrate, in files the step does not edit. A compiler that
  /// cannot run prints nothing: the checks still decide.
  public static func show(
    moduleName: String, files: [String], deprecatedCallsIn callers: [String] = [],
    languageMode: Int = 5
  ) {
    guard let sources = try? ExerciseSources(),
      let warnings = try? self.warnings(
        of: sources, moduleName: moduleName, languageMode: languageMode)
    else { return }
    for warning in shown(warnings, files: files, deprecatedCallsIn: callers) {
      print(CheckReport.Tag.warning.line(line(for: warning)))
    }
    fflush(nil)
  }

  /// The warnings `show` prints: every one in `files`, and the deprecated calls in `callers`.
  static func shown(
    _ warnings: [CompilerDiagnostic], files: [String], deprecatedCallsIn callers: [String]
  ) -> [CompilerDiagnostic] {
    warnings.filter { warning in
      files.contains(warning.fileName)
        || (callers.contains(warning.fileName) && warning.group == deprecatedGroup)
    }
  }

  /// The diagnostic group of a use of a deprecated declaration.
  static let deprecatedGroup = CompilerDiagnostic.deprecatedDeclarationGroup

  /// `HealthKitController.swift:12: <message> [#Group]`.
  public static func line(for warning: CompilerDiagnostic) -> String {
    "\(warning.fileName):\(warning.line): \(warning.message)"
      + (warning.group.map { " [#\($0)]" } ?? "")
  }

  /// Calls of deprecated declarations in `file`, such as the completion-handler shims: the
  /// group `DeprecatedDeclaration`, matched by group, never by wording.
  public static func deprecatedCalls(
    in file: String, of sources: ExerciseSources, moduleName: String, languageMode: Int = 5
  ) throws -> [CompilerDiagnostic] {
    try warnings(of: sources, moduleName: moduleName, languageMode: languageMode).filter {
      $0.fileName == file && $0.group == deprecatedGroup
    }
  }
}
