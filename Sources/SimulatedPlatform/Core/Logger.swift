/// How serious a log message is.
public enum LogLevel: String, Sendable {
  case debug, info, error
}

/// The platform's stand-in for `os.Logger`: messages go to the platform's event log, and to
/// standard output when the platform echoes logs.
public struct Logger: Sendable {
  /// The category messages are filed under, such as "Model".
  public let category: String
  private let log: EventLog
  private let echo: Bool

  init(category: String, log: EventLog, echo: Bool) {
    self.category = category
    self.log = log
    self.echo = echo
  }

  /// Logs a message useful when debugging.
  public func debug(_ message: String) { write(.debug, message) }
  /// Logs a notable event.
  public func info(_ message: String) { write(.info, message) }
  /// Logs a failure.
  public func error(_ message: String) { write(.error, message) }

  private func write(_ level: LogLevel, _ message: String) {
    log.record(.log(level: level, category: category, message: message))
    if echo {
      print("[\(category)] \(level.rawValue): \(message)")
    }
  }
}
