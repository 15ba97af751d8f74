import Foundation

/// Runs another program with a time limit and captures what it prints.
public enum ProcessRunner {
  /// How a run ended.
  public struct Result: Sendable {
    /// The exit status, or the signal number when `crashedBySignal`.
    public let status: Int32
    public let crashedBySignal: Bool
    /// Whether the run was stopped at its time limit.
    public let timedOut: Bool
    /// Standard output and standard error, interleaved.
    public let output: String
    public let seconds: TimeInterval
  }

  /// Runs `executable` with `arguments` in `directory`, adding `environment` to this process's
  /// own; stops it after `timeout` seconds. `onOutput` sees the output as it comes, line by line.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL,
    environment: [String: String] = [:],
    timeout: TimeInterval? = nil, onOutput: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let collected = OutputCollector(onLine: onOutput)
    pipe.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData)
    }
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    let start = Date()
    try process.run()
    var timedOut = false
    if let timeout, finished.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      // Ask first, then insist: a hung check may ignore SIGTERM.
      process.terminate()
      if finished.wait(timeout: .now() + 2) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
    } else if timeout == nil {
      finished.wait()
    }
    process.waitUntilExit()
    pipe.fileHandleForReading.readabilityHandler = nil
    // After a time-out, a child of the stopped process may still hold the pipe open: keep what
    // arrived rather than wait for an end that may never come.
    if !timedOut {
      collected.append(pipe.fileHandleForReading.readDataToEndOfFile())
    }
    return Result(
      status: process.terminationStatus,
      crashedBySignal: process.terminationReason == .uncaughtSignal && !timedOut,
      timedOut: timedOut, output: collected.text, seconds: Date().timeIntervalSince(start))
  }

  /// The `swift` driver: `SWIFT_EXEC`'s sibling if set, else the first on `PATH`.
  public static func swift() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/swift"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw LabError("swift not found on PATH")
  }
}

/// Collects a child's output from the pipe's handler thread.
private final class OutputCollector: @unchecked Sendable {
  // Only touched while `lock` is held.
  private var data = Data()
  private var pendingLine = Data()
  private let lock = NSLock()
  private let onLine: @Sendable (String) -> Void

  init(onLine: @escaping @Sendable (String) -> Void) {
    self.onLine = onLine
  }

  func append(_ chunk: Data) {
    guard !chunk.isEmpty else { return }
    lock.lock()
    data.append(chunk)
    pendingLine.append(chunk)
    var lines: [String] = []
    while let newline = pendingLine.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: pendingLine[pendingLine.startIndex..<newline], as: UTF8.self))
      pendingLine.removeSubrange(pendingLine.startIndex...newline)
    }
    lock.unlock()
    lines.forEach(onLine)
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }
}
