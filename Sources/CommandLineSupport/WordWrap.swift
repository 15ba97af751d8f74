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

extension WordWrap {
  /// One line of output fitted to `width` characters: broken at spaces, never inside a word,
  /// with the spacing inside each piece kept. Later pieces hang under where the line's text
  /// starts: after its indent and a one-character marker such as `✗ ` or `- `, or, in a line laid
  /// out in two columns (`  check [N]     Check the current exercise`), under the second column.
  /// A line that fits comes back as it is; a word longer than the room gets a piece of its own.
  public static func fit(_ line: String, width: Int) -> [String] {
    let characters = Array(line)
    guard characters.count > width else { return [line] }
    let (textStart, hang) = indents(of: characters, width: width)
    var pieces: [String] = []
    var start = 0
    // The first piece keeps its indent and marker: it may break only after its text starts.
    var lowest = textStart
    var prefix = ""
    while prefix.count + characters.count - start > width {
      let limit = start + width - prefix.count
      // The last space that leaves the piece within the width, else the first after it.
      guard
        let space = stride(from: limit, to: lowest, by: -1).first(where: {
          characters[$0] == " "
        }) ?? characters[(limit + 1)...].firstIndex(of: " ")
      else { break }
      var end = space
      while end > start, characters[end - 1] == " " { end -= 1 }
      pieces.append(prefix + String(characters[start..<end]))
      start = space
      while start < characters.count, characters[start] == " " { start += 1 }
      lowest = start
      prefix = String(repeating: " ", count: hang)
    }
    if start < characters.count { pieces.append(prefix + String(characters[start...])) }
    return pieces
  }

  /// Where a line's text starts (after its indent and marker) and where its later pieces hang
  /// (see ``fit(_:width:)``); the hang is never more than half the width, so that it leaves
  /// room for words.
  static func indents(of characters: [Character], width: Int) -> (text: Int, hang: Int) {
    let indent = characters.prefix { $0 == " " }.count
    var text = indent
    if characters.count > indent + 2, !characters[indent].isLetter,
      !characters[indent].isNumber, characters[indent + 1] == " "
    {
      text = indent + 2
    }
    var hang = text
    // Two columns: the text after the first run of two spaces or more inside the line.
    if let gap = characters[text...].indices.first(where: {
      $0 + 1 < characters.count && characters[$0] == " " && characters[$0 + 1] == " "
    }), let column = characters[gap...].firstIndex(where: { $0 != " " }) {
      hang = column
    }
    return (text, hang <= width / 2 ? hang : min(text, width / 2))
  }

  /// A text laid out by hand for a wide terminal (a command's help), fitted to `width`. When every
  /// line fits, the text is kept as it is. Otherwise each paragraph is joined first, then
  /// fitted with ``fit(_:width:)``: a line continues the one before when it starts where that
  /// one's later pieces hang (under its text, or under its second column) and is no two-column
  /// entry of its own.
  public static func reflow(_ text: String, width: Int) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.contains(where: { $0.count > width }) else { return lines }
    var result: [String] = []
    var paragraph: String?
    var hang = 0
    for line in lines {
      let characters = Array(line)
      let indent = characters.prefix { $0 == " " }.count
      let own = indents(of: characters, width: Int.max)
      if let text = paragraph, indent < characters.count, indent == hang, own.hang == indent {
        paragraph = text + " " + line.dropFirst(indent)
        continue
      }
      if let text = paragraph { result += fit(text, width: width) }
      paragraph = line.isEmpty ? nil : line
      hang = own.hang
      if line.isEmpty { result.append("") }
    }
    if let text = paragraph { result += fit(text, width: width) }
    return result
  }
}
