import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many columns the output may take before the terminal breaks a line by itself, in the
/// middle of a word.
public enum TerminalWidth {
  /// What a line may take when nothing says otherwise: output that goes to a file or a pipe, or
  /// a terminal that does not tell its size.
  public static let fallback = 80
  /// Narrower than this, wrapping would help no one: a line of a few words each.
  public static let minimum = 30

  /// The width for standard output: `COLUMNS` when it holds a number (whoever sets it means
  /// it, in a pipe too), else the terminal's own width (`ioctl(TIOCGWINSZ)`), else
  /// ``fallback``.
  public static var standardOutput: Int {
    width(columns: ProcessInfo.processInfo.environment["COLUMNS"], terminal: terminalColumns())
  }

  /// The width from `columns` (the `COLUMNS` variable's text) and `terminal` (the terminal's
  /// columns, nil when standard output is no terminal), never below ``minimum``.
  public static func width(columns: String?, terminal: Int?) -> Int {
    let chosen =
      columns.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 > 0 ? $0 : nil }
      ?? terminal.flatMap { $0 > 0 ? $0 : nil } ?? fallback
    return max(minimum, chosen)
  }

  /// The columns of the terminal standard output is, nil when it is none (or does not say).
  static func terminalColumns() -> Int? {
    var size = winsize()
    // `TIOCGWINSZ` asks the terminal driver for the window's size: rows and columns.
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
