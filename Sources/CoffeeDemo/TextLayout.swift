import CommandLineSupport
import Foundation

/// Plain-text layout helpers. They count characters, so apply a `TerminalStyle` only after laying
/// out.
enum TextLayout {
  /// The width the demo lays its output out for.
  static let width = 100

  /// The width of the terminal standard output goes to: `COLUMNS` when set, else what the
  /// terminal reports; 80 when standard output is not a terminal.
  static var terminalWidth: Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    guard isatty(STDOUT_FILENO) != 0,
      withUnsafeMutablePointer(to: &size, { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }) == 0,
      size.ws_col > 0
    else { return 80 }
    return Int(size.ws_col)
  }

  /// `text` padded with spaces to `width` characters.
  static func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` after `prefix`, wrapped to the demo's width, its later lines lined up under the
  /// first.
  static func hanging(_ prefix: String, _ text: String) -> [String] {
    hanging(prefix, lines: WordWrap.lines(text, width: width - prefix.count))
  }

  /// `lines` after `prefix`, the first beside it and the others lined up under the first.
  static func hanging(_ prefix: String, lines: [String]) -> [String] {
    let indent = String(repeating: " ", count: prefix.count)
    return lines.enumerated().map { index, line in (index == 0 ? prefix : indent) + line }
  }

  /// "1 drink", "2 drinks"; "1 refresh", "2 refreshes".
  static func count(_ number: Int, _ noun: String) -> String {
    guard number != 1 else { return "1 \(noun)" }
    return "\(number) \(noun)" + (noun.hasSuffix("sh") ? "es" : "s")
  }
}
