/// The platform's stand-in for `os.Logger`: messages go to the platform's event log, and to
/// standard output when the platform echoes logs.
public struct Logger: Sendable {
  /// The category messages are filed under, such as "Model".
  public let category: String
  private let log: PlatformEventLog
  private let echo: Bool

  init(category: String, log: PlatformEventLog, echo: Bool) {
    self.category = category
    self.log = log
    self.echo = echo
  }

  // Each method takes the caller's isolation (`#isolation`, evaluated where it is called) so
  // that the trace can put the message on its actor's lane; callers never pass it.

  /// Logs a message useful when debugging.
  public func debug(_ message: String, isolation: (any Actor)? = #isolation) {
    write(.debug, message, isolation)
  }
  /// Logs a notable event.
  public func info(_ message: String, isolation: (any Actor)? = #isolation) {
    write(.info, message, isolation)
  }
  /// Logs a failure.
  public func error(_ message: String, isolation: (any Actor)? = #isolation) {
    write(.error, message, isolation)
  }

  private func write(_ level: LogLevel, _ message: String, _ isolation: (any Actor)?) {
    log.record(.log(level: level, category: category, message: message), isolation: isolation)
    if echo {
      print("[\(category)] \(level.rawValue): \(message)")
    }
  }
}
