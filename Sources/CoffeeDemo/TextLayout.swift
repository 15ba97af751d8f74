import CommandLineSupport
import Foundation

/// Plain-text layout helpers. They count characters, so apply a `TerminalStyle` only after laying
/// out.
enum TextLayout {
  /// `text` padded with spaces to `width` characters.
  static func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` after `prefix`, wrapped to `width` in all, its later lines lined up under the first.
  static func hanging(_ prefix: String, _ text: String, width: Int) -> [String] {
    hanging(prefix, lines: words(text, width: width - prefix.count))
  }

  /// `lines` after `prefix`, the first beside it and the others lined up under the first.
  static func hanging(_ prefix: String, lines: [String]) -> [String] {
    let indent = String(repeating: " ", count: prefix.count)
    return lines.enumerated().map { index, line in (index == 0 ? prefix : indent) + line }
  }

  /// `text` in lines of at most `width` characters, broken between words; a word longer than
  /// the width (a path) is cut, so that no line of the demo runs past a projector's edge.
  static func words(_ text: String, width: Int) -> [String] {
    let room = max(1, width)
    return WordWrap.lines(text, width: room).flatMap { line in
      stride(from: 0, to: max(1, line.count), by: room).map { start in
        String(line.dropFirst(start).prefix(room))
      }
    }
  }
}
