import CommandLineSupport
import Foundation

/// Where `lab` writes: standard output and error, coloured as ``TerminalStyle`` decides; or any
/// sink, for tests.
public struct Output: Sendable {
  private let write: @Sendable (String, Bool) -> Void
  private let style: TerminalStyle

  /// Writes to the terminal.
  public init() {
    style = .standardOutput
    write = { text, isError in
      if isError {
        FileHandle.standardError.write(Data((text + "\n").utf8))
      } else {
        print(text)
        fflush(nil)
      }
    }
  }

  /// Writes every line to `sink`, with `true` for error lines.
  public init(sink: @escaping @Sendable (String, Bool) -> Void) {
    style = .plain
    write = sink
  }

  public func line(_ text: String) { write(text, false) }
  public func good(_ text: String) { write(style.green(text), false) }
  public func bad(_ text: String) { write(style.red(text), false) }
  public func dim(_ text: String) { write(style.dim(text), false) }
  public func error(_ text: String) { write(text, true) }
}
