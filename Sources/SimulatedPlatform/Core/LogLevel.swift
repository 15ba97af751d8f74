/// How serious a log message is.
public enum LogLevel: String, Sendable {
  case debug, info, error
}
