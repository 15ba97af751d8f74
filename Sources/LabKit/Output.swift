import CommandLineSupport
import Foundation

/// Where `lab` writes: standard output and error, coloured as ``TerminalStyle`` decides and
/// wrapped to the terminal's width; or any sink, for tests.
public struct Output: Sendable {
  private let write: @Sendable (String, Bool) -> Void
  private let style: TerminalStyle
  /// The width prose is wrapped to, between words (``WordWrap/fit(_:width:)``); nil when lines
  /// are written as they come. Asked at each write, so that `watch` follows a resized window.
  public var width: Int? { currentWidth() }
  private let currentWidth: @Sendable () -> Int?
  /// Whether standard output is a terminal, where `watch` clears the screen between runs. In a
  /// pipe or a file the escape codes would only be noise.
  public let isTerminal: Bool

  /// Writes to the terminal, wrapped to its width (``TerminalWidth/standardOutput``: `COLUMNS`,
  /// the terminal's own width, or 80 when output goes to a file or a pipe).
  public init() {
    style = .standardOutput
    currentWidth = { TerminalWidth.standardOutput }
    isTerminal = isatty(STDOUT_FILENO) == 1
    write = { text, isError in
      if isError {
        FileHandle.standardError.write(Data((text + "\n").utf8))
      } else {
        print(text)
        fflush(nil)
      }
    }
  }

  /// Writes every line to `sink`, with `true` for error lines; wraps to `width` when given, and
  /// acts as a terminal when `isTerminal` (for tests of both).
  public init(
    width: Int? = nil, isTerminal: Bool = false,
    sink: @escaping @Sendable (String, Bool) -> Void
  ) {
    style = .plain
    currentWidth = { width }
    self.isTerminal = isTerminal
    write = sink
  }

  public func line(_ text: String) { write(wrapped(text, style: { $0 }), false) }
  public func good(_ text: String) { write(wrapped(text, style: style.green), false) }
  public func bad(_ text: String) { write(wrapped(text, style: style.red), false) }
  public func dim(_ text: String) { write(wrapped(text, style: style.dim), false) }
  public func error(_ text: String) { write(text, true) }
  /// Writes a text laid out by hand, such as a command's help: as it is when it fits the width,
  /// else with its paragraphs joined and wrapped again (``WordWrap/reflow(_:width:)``).
  public func paragraphs(_ text: String) {
    let width = self.width
    write(width.map { WordWrap.reflow(text, width: $0).joined(separator: "\n") } ?? text, false)
  }
  /// Writes `text` exactly as it is: code, diffs, commands to copy, tables laid out already.
  public func verbatim(_ text: String) { write(text, false) }

  /// Clears the terminal's screen and puts the cursor at its top (`ESC [2J`, `ESC [H`); nothing
  /// when standard output is no terminal.
  public func clearScreen() {
    if isTerminal { write("\u{1B}[2J\u{1B}[H", false) }
  }

  /// Each line of `text` fitted to the width, then styled: escape codes must not count.
  private func wrapped(_ text: String, style paint: (String) -> String) -> String {
    let width = self.width
    return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      width.map { WordWrap.fit(String(line), width: $0) } ?? [String(line)]
    }.map(paint).joined(separator: "\n")
  }
}
