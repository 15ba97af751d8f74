import CommandLineSupport
import Foundation

/// Compiles a variant's sources in the Swift 6 language mode and reports what the compiler says,
/// without building anything and without failing on the errors it expects.
public enum CompilerRun {
  /// Why a diagnostics run could not happen.
  public enum Failure: Error, CustomStringConvertible {
    case unknownVariant(String)
    case swiftcNotFound(searched: [String])
    case missingModules([String], directory: URL)
    case noSources(URL)
    /// The compiler did not get as far as checking the code (a bad flag), or crashed; `status`
    /// is the exit status or the signal.
    case compilerFailed(status: Int32, output: String)

    public var description: String {
      switch self {
      case .unknownVariant(let name):
        return "unknown variant '\(name)': expected before or after"
      case .swiftcNotFound(let searched):
        return "swiftc not found: set SWIFT_EXEC to its path or put it on PATH (searched "
          + "\(searched.joined(separator: ":")))"
      case .missingModules(let modules, let directory):
        return "\(modules.joined(separator: ", ")) not built in \(directory.path): run "
          + "`swift build --target CoffeeTrackerBefore` first, and pass its `Modules` directory"
      case .noSources(let directory):
        return "no Swift sources in \(directory.path)"
      case .compilerFailed(let status, let output):
        return "swiftc stopped before checking the code (exit status \(status)):\n\(output)"
      }
    }
  }

  /// The target each variant name compiles.
  public static let targets = ["before": "CoffeeTrackerBefore", "after": "CoffeeTrackerAfter"]

  /// The modules both variants import, which must be built before the run.
  public static let dependencies = ["CoffeeDomain", "SimulatedPlatform"]

  /// The arguments after `swiftc`:
  /// - `-emit-sil -wmo -o /dev/null` runs the type checker and then the SIL diagnostic passes,
  ///   where region-based isolation (`sending`) is checked; `-typecheck` would skip those
  ///   (probe: typecheck-skips-region-isolation). One whole-module job also reports every file:
  ///   with one job per file, the driver stops after the first file with errors.
  /// - `-diagnostic-style llvm` prints every note with its own location, and keeps the
  ///   `[#Group]` names; `-debug-diagnostic-names` adds each diagnostic's `[id]`.
  public static func compilerArguments(
    variant: String, sources: [String], modulesPath: String
  ) -> [String] {
    [
      "-emit-sil", "-wmo", "-o", "/dev/null",
      "-swift-version", "6", "-strict-concurrency=complete",
    ] + diagnosticFormat + [
      "-module-name", targets[variant] ?? variant,
      "-I", modulesPath,
    ] + sources
  }

  /// The variant's Swift files, relative to the package root, sorted.
  package static func sourceFiles(variant: String, packageRoot: URL) throws -> [String] {
    guard let target = targets[variant] else { throw Failure.unknownVariant(variant) }
    let directory = packageRoot.appendingPathComponent("Sources/\(target)")
    let files = (FileManager.default.enumerator(atPath: directory.path)?.allObjects ?? [])
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
      .map { "Sources/\(target)/\($0)" }
      .sorted()
    guard !files.isEmpty else { throw Failure.noSources(directory) }
    return files
  }

  /// `swiftc`: `SWIFT_EXEC` if set (the variable SwiftPM honours too); else, on Linux, the one in
  /// the toolchain whose Swift runtime this process runs on, the compiler that built it; else
  /// the first on `PATH`.
  public static func findSwiftc() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let exec = environment["SWIFT_EXEC"], !exec.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: exec) else {
        throw Failure.swiftcNotFound(searched: [exec])
      }
      return URL(fileURLWithPath: exec)
    }
    if let toolchain = swiftcOfLoadedRuntime() { return toolchain }
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for directory in directories {
      let candidate = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw Failure.swiftcNotFound(searched: directories)
  }

  /// On Linux, a toolchain's runtime lives in `usr/lib/swift/linux/libswiftCore.so`, beside its
  /// `usr/bin/swiftc`; `/proc/self/maps` names the one this process loaded. Nil elsewhere (on
  /// macOS the runtime is the system's), or when that toolchain has no `swiftc`.
  private static func swiftcOfLoadedRuntime() -> URL? {
    #if os(Linux)
      // Read to the end: a /proc file reports its size as 0.
      guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
          .first(where: { $0.hasSuffix("/libswiftCore.so") }),
        let slash = line.firstIndex(of: "/")
      else { return nil }
      let swiftc = URL(fileURLWithPath: String(line[slash...]))
        .deletingLastPathComponent()  // usr/lib/swift/linux
        .deletingLastPathComponent()  // usr/lib/swift
        .deletingLastPathComponent()  // usr/lib
        .deletingLastPathComponent()  // usr
        .appendingPathComponent("bin/swiftc")
      return FileManager.default.isExecutableFile(atPath: swiftc.path) ? swiftc : nil
    #else
      return nil
    #endif
  }

  /// The flags that make `swiftc` print what `DiagnosticsParser` reads: one line per diagnostic,
  /// with its location, its `[id]` and its `[#Group]`, without colour.
  public static let diagnosticFormat = [
    "-diagnostic-style", "llvm", "-no-color-diagnostics", "-debug-diagnostic-names",
  ]

  /// Runs `swiftc` with `arguments` in `directory` and parses its errors, warnings and remarks.
  /// Pass `diagnosticFormat` among the arguments.
  public static func diagnostics(
    compiling arguments: [String],
    in directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws -> [CompilerDiagnostic] {
    try outcome(compiling: arguments, in: directory).diagnostics
  }

  /// What one run of `swiftc` ended with: its exit status, whether it crashed, and its errors,
  /// warnings and remarks (notes attached to them).
  public struct Outcome: Sendable {
    public let status: Int32
    public let crashed: Bool
    public let diagnostics: [CompilerDiagnostic]
    /// Everything the compiler printed, for a reader when the diagnostics are not enough.
    public let output: String
  }

  /// Runs `swiftc` with `arguments` in `directory` and reports how it ended. Pass
  /// `diagnosticFormat` among the arguments.
  public static func outcome(
    compiling arguments: [String],
    in directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws -> Outcome {
    let (status, crashed, output) = try execute(try findSwiftc(), arguments, in: directory)
    return Outcome(
      status: status, crashed: crashed,
      diagnostics: DiagnosticsParser.parse(output).filter { $0.severity != .note }, output: output)
  }

  /// Runs `executable` in `directory`, with its standard output and error in one text.
  package static func execute(
    _ executable: URL, _ arguments: [String], in directory: URL
  ) throws -> (status: Int32, crashed: Bool, output: String) {
    let result = try ProcessRunner.run(executable.path, arguments, in: directory)
    return (result.status, result.crashedBySignal, result.output)
  }
}
