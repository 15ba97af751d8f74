import Foundation

/// Runs another program: its arguments, additions to its environment, its working folder, where
/// its output goes, an optional time limit; and reports how it ended.
public enum ProcessRunner {
  /// Where a child's standard output or standard error goes.
  public enum Destination: Sendable {
    /// Into ``ProcessResult/output`` (and `onOutput` line by line); both captured streams share
    /// one text, interleaved as the child wrote them.
    case captured
    /// Nowhere.
    case discarded
    /// Into the file at this URL, replaced.
    case file(URL)
  }

  /// Runs `executable` with `arguments` in `directory` (default: this process's), with
  /// `environment` added to this process's own, reading `standardInput` (default: nothing) and
  /// stopping it after `timeout` seconds if given (SIGTERM, then SIGKILL two seconds later).
  /// `onOutput` sees the captured output as it comes, line by line.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], standardInput: URL? = nil,
    standardOutput: Destination = .captured, standardError: Destination = .captured,
    timeout: TimeInterval? = nil, onOutput: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> ProcessResult {
    // An executable just written (a test's stand-in script) cannot be started while any process
    // still holds it open for writing, and a child forked meanwhile by another thread holds the
    // writer's descriptor until it execs: the kernel refuses with ETXTBSY for that short while
    // (execve(2)). Nothing here can wait for another process's exec, so the start is tried again,
    // a bounded number of times, backing off; any other error is thrown at once.
    var backoff: useconds_t = 1_000
    for attempt in 1... {
      do {
        return try runOnce(
          executable, arguments, in: directory, environment: environment,
          standardInput: standardInput, standardOutput: standardOutput,
          standardError: standardError, timeout: timeout, onOutput: onOutput)
      } catch  where isTextFileBusy(error) && attempt < 20 {
        usleep(backoff)
        backoff = min(backoff * 2, 100_000)
      }
    }
    fatalError("unreachable: the last attempt returns or throws")
  }

  /// Whether starting a program failed because its file was still open for writing (ETXTBSY).
  static func isTextFileBusy(_ error: any Error) -> Bool {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return error.code == Int(ETXTBSY) }
    guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
    return isTextFileBusy(underlying)
  }

  private static func runOnce(
    _ executable: String, _ arguments: [String], in directory: URL?,
    environment: [String: String], standardInput: URL?,
    standardOutput: Destination, standardError: Destination,
    timeout: TimeInterval?, onOutput: @escaping @Sendable (String) -> Void
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let inputHandle = try standardInput.map { try FileHandle(forReadingFrom: $0) }
    process.standardInput = inputHandle ?? FileHandle.nullDevice
    // Only a captured stream gets the pipe: the parent reads it to its end, which comes only
    // once every copy of its write end is closed, and Foundation closes the parent's copy only
    // when the pipe was given to the child. An unused pipe would be read forever.
    let pipe = Pipe()
    let outputHandle = try handle(for: standardOutput, pipe: pipe)
    let errorHandle = try handle(for: standardError, pipe: pipe)
    let capturesOutput = outputHandle is Pipe || errorHandle is Pipe
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    // The files this call opened, closed once the child is done with them.
    let openedFiles = ([inputHandle, outputHandle, errorHandle] as [Any?])
      .compactMap { $0 as? FileHandle }.filter { $0 !== FileHandle.nullDevice }
    defer { for file in openedFiles { try? file.close() } }
    let collected = OutputCollector(onLine: onOutput)
    // One thread reads the pipe with blocking reads until its end, and the result waits for that
    // thread. (A `readabilityHandler` cannot be waited for: clearing it cancels its dispatch
    // source without waiting for a call in flight, so a call that had already read the child's
    // last bytes could append them after the result was taken: empty output, now and then.)
    let reader = capturesOutput ? PipeReader(pipe.fileHandleForReading, into: collected) : nil
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    let start = Date()
    try process.run()
    reader?.start()
    var timedOut = false
    if let timeout, finished.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      // Ask first, then insist: a hung child may ignore SIGTERM.
      process.terminate()
      if finished.wait(timeout: .now() + 2) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
    } else if timeout == nil {
      finished.wait()
    }
    process.waitUntilExit()
    // The end of the pipe comes once every copy of its write end is closed: the child's when it
    // exits. After a time-out, a child of the stopped process may still hold it open: keep what
    // arrived rather than wait for an end that may never come.
    if !timedOut { reader?.waitForEnd() }
    collected.finish()
    let bySignal = process.terminationReason == .uncaughtSignal
    return ProcessResult(
      status: process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
      timedOut: timedOut, output: collected.text, seconds: Date().timeIntervalSince(start))
  }

  /// The first executable called `name` in the folders of `PATH`, or nil.
  public static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  private static func handle(for destination: Destination, pipe: Pipe) throws -> Any {
    switch destination {
    case .captured: return pipe
    case .discarded: return FileHandle.nullDevice
    case .file(let url):
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
      return try FileHandle(forWritingTo: url)
    }
  }
}

/// Reads a pipe on a thread of its own, with blocking reads, until the end of the pipe.
private final class PipeReader: @unchecked Sendable {
  // Set once in `init`; the thread is the only reader of the handle.
  private let handle: FileHandle
  private let collected: OutputCollector
  private let ended = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle, into collected: OutputCollector) {
    self.handle = handle
    self.collected = collected
  }

  func start() {
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes {
          read(handle.fileDescriptor, $0.baseAddress, $0.count)
        }
        if count > 0 {
          collected.append(Data(buffer[0..<count]))
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          break  // 0: the end of the pipe; below 0: an error, after which nothing more comes
        }
      }
      ended.signal()
    }.start()
  }

  /// Returns once the thread has read the pipe to its end and handed on every byte.
  func waitForEnd() { ended.wait() }
}

/// Collects a child's output from the thread that reads the pipe.
private final class OutputCollector: @unchecked Sendable {
  // Only touched while `lock` is held.
  private var data = Data()
  private var pendingLine = Data()
  // Set by `finish()`: after a time-out the reader thread may still be blocked in read(2), and
  // what it reads later belongs to no result and must reach no listener.
  private var isFinished = false
  private let lock = NSLock()
  private let onLine: @Sendable (String) -> Void

  init(onLine: @escaping @Sendable (String) -> Void) {
    self.onLine = onLine
  }

  func append(_ chunk: Data) {
    guard !chunk.isEmpty else { return }
    lock.lock()
    guard !isFinished else {
      lock.unlock()
      return
    }
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

  /// Passes on a last line that had no newline.
  func finish() {
    lock.lock()
    let last = pendingLine.isEmpty ? nil : String(decoding: pendingLine, as: UTF8.self)
    pendingLine = Data()
    isFinished = true
    lock.unlock()
    if let last { onLine(last) }
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }
}
