import CompilerDiagnostics
import Foundation

/// Compiles and runs probes with the toolchain's `swiftc` (`CompilerRun.findSwiftc()`), a
/// few at a time: the tests ask for all of them at once, the machine has few cores.
enum ProbeCompiler {
  /// The folder that holds the probes.
  static let probesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Probes")

  /// The probe files' names, sorted; empty when the folder cannot be read (a test says so).
  static var probeFileNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: probesDirectory.path)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// How many compilers run at once: one per core, at most two.
  private static let slots = Slots(
    count: min(2, max(1, ProcessInfo.processInfo.activeProcessorCount)))

  /// What the compiler says about `probe` in the probe's own language mode and flags.
  ///
  /// `-emit-sil` runs the type checker and then the SIL passes, where region-based isolation
  /// (`sending`) is checked: `-typecheck` alone would miss those diagnostics.
  static func diagnostics(of probe: ClaimProbe) async throws -> CompilerRun.Outcome {
    try await compile(probe, output: "/dev/null", extra: ["-emit-sil"])
  }

  /// Builds `probe` into an executable and runs it; returns how the build went and, when it
  /// succeeded, how the program ended.
  static func build(andRun probe: ClaimProbe) async throws -> (
    build: CompilerRun.Outcome, status: Int32?, reason: Process.TerminationReason?
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("claim-probe-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let executable = folder.appendingPathComponent(probe.id)
    let build = try await compile(probe, output: executable.path, extra: [])
    guard build.status == 0 else { return (build, nil, nil) }
    let (status, reason) = try await slots.use {
      let process = Process()
      process.executableURL = executable
      // A trap is an expected outcome: no backtrace to wait for.
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return (process.terminationStatus, process.terminationReason)
    }
    return (build, status, reason)
  }

  private static func compile(
    _ probe: ClaimProbe, output: String, extra: [String]
  ) async throws -> CompilerRun.Outcome {
    let arguments =
      extra + ["-o", output, "-module-name", "Probe"] + CompilerRun.diagnosticFormat
      + probe.flags + [probe.fileName]
    return try await slots.use {
      try CompilerRun.outcome(compiling: arguments, in: probesDirectory)
    }
  }
}

/// A counting semaphore for blocking work: `use` waits for a free slot without blocking a thread
/// of the concurrency pool, then runs the work on a Dispatch thread.
private actor Slots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { free = count }

  func use<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    await acquire()
    defer { release() }
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  private func acquire() async {
    if free > 0 {
      free -= 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  /// Hands the slot straight to the next waiter, if any.
  private func release() {
    if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
  }
}
