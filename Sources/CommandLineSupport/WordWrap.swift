import Foundation

/// Breaks text into lines between words (or between items), counting characters: apply a
/// ``TerminalStyle`` only after wrapping, since escape codes would count.
public enum WordWrap {
  /// `text` in lines of at most `width` characters, breaking between words; lines after the first
  /// get `laterWidth` (for an indent the caller adds). Each line of a text of several lines is
  /// wrapped on its own. A word longer than the width gets a line of its own.
  public static func lines(_ text: String, width: Int, laterWidth: Int? = nil) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n") {
      var line = ""
      for word in paragraph.split(separator: " ") {
        let limit = lines.isEmpty ? width : laterWidth ?? width
        if !line.isEmpty && line.count + 1 + word.count > limit {
          lines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line)
    }
    return lines.isEmpty ? [""] : lines
  }

  /// `text` wrapped to `width` characters in all, every line starting with `indent`.
  public static func indented(_ text: String, indent: String, width: Int) -> String {
    lines(text, width: width - indent.count).map { indent + $0 }.joined(separator: "\n")
  }

  /// Lines of at most `width` characters, breaking only between `items`, so that an item such as
  /// "96 mg 90 min ago" is never cut in two. A broken line keeps the visible part of `separator`
  /// (a comma) at its end.
  public static func lines(items: [String], separator: String, width: Int) -> [String] {
    let trailer = separator.trimmingCharacters(in: .whitespaces)
    var lines: [String] = []
    var line = ""
    for item in items {
      if line.isEmpty {
        line = item
      } else if line.count + separator.count + item.count + trailer.count <= width {
        line += separator + item
      } else {
        lines.append(line + trailer)
        line = item
      }
    }
    lines.append(line)
    return lines
  }
}
