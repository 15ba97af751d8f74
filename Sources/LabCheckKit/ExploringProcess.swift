import Foundation

/// The exploring child process of a check and its output: this executable again, with
/// `LAB_EXPLORE_CHILD` set.
final class ExploringProcess: @unchecked Sendable {
  private let lock = NSLock()
  private var process: Process?
  private var output: Data?
  private var errors: Data?
  private var startError: (any Error)?
  /// Signalled once each reader (output, errors) has the child's last byte.
  private let outputRead = DispatchSemaphore(value: 0)
  private let errorsRead = DispatchSemaphore(value: 0)

  /// Runs this executable again with the child's variable set; its output is read on a thread of
  /// its own, so that a long report never fills the pipe.
  func start() {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    // No backtrace on a crash: the check shows the runtime's one line of why, at once.
    process.environment = ProcessInfo.processInfo.environment.merging(
      [KataExploration.childVariable: "1", "SWIFT_BACKTRACE": "enable=no"]
    ) { $1 }
    let pipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = pipe
    process.standardError = errorPipe
    do {
      try process.run()
    } catch {
      lock.withLock { startError = error }
      return
    }
    let reader = Thread { [self] in
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      lock.withLock { output = data }
      outputRead.signal()
    }
    let errorReader = Thread { [self] in
      let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
      lock.withLock { errors = data }
      errorsRead.signal()
    }
    lock.withLock { self.process = process }
    reader.start()
    errorReader.start()
  }

  /// Waits for the child to end (once; later calls return at once); its process, everything it
  /// printed, and what it wrote to standard error (a crash's reason).
  func finish() throws -> (Process, Data, Data) {
    let (process, error) = lock.withLock { (self.process, startError) }
    if let error { throw error }
    guard let process else {
      preconditionFailure("the check's main.swift must call exploreIfChild() before any check")
    }
    process.waitUntilExit()
    // The pipe closes when the child exits: the reader then has every byte. Signalled again for
    // the next scenario's check, which reads the same output.
    outputRead.wait()
    outputRead.signal()
    errorsRead.wait()
    errorsRead.signal()
    return lock.withLock { (process, output ?? Data(), errors ?? Data()) }
  }
}
