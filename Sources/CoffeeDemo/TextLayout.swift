import CommandLineSupport
import Foundation

/// Plain-text layout helpers. They count characters, so apply a `TerminalStyle` only after laying
/// out.
enum TextLayout {
  /// The width the demo lays its output out for.
  static let width = 100

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
}
