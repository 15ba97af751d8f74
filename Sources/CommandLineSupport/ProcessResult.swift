import Foundation

/// How a run of another program ended, and what it printed.
public struct ProcessResult: Sendable {
  /// The exit status, or the signal's number when ``signal`` is set (as `Process` reports it).
  public let status: Int32
  /// The signal that ended the program, if one did (a crash, or the stop at a time limit).
  public let signal: Int32?
  /// Whether the run was stopped at its time limit.
  public let timedOut: Bool
  /// The captured output: standard output and standard error, interleaved, when both are captured.
  public let output: String
  /// How long the run took.
  public let seconds: Double

  public init(status: Int32, signal: Int32?, timedOut: Bool, output: String, seconds: Double) {
    self.status = status
    self.signal = signal
    self.timedOut = timedOut
    self.output = output
    self.seconds = seconds
  }

  /// Whether the program exited by itself with status 0.
  public var succeeded: Bool { signal == nil && !timedOut && status == 0 }

  /// Whether a signal ended the program by itself: a crash, not the stop at the time limit.
  public var crashedBySignal: Bool { signal != nil && !timedOut }

  /// How the run ended, for a message: "exit status 1", "killed by signal 11", "timed out".
  public var ending: String {
    if timedOut { return String(format: "stopped at its time limit after %.0f s", seconds) }
    if let signal { return "killed by signal \(signal)" }
    return "exit status \(status)"
  }
}
