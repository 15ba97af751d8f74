import Foundation

/// Colours and emphasis for terminal output, or none at all.
///
/// Escape codes are only worth sending to a person at a terminal: in a pipe or a file they
/// are noise, and `NO_COLOR` (https://no-color.org) lets anyone turn them off.
struct Style {
  /// Whether escape codes are written.
  let isEnabled: Bool

  /// The style for standard output: colours when it is a terminal and `NO_COLOR` is not set.
  static func forStandardOutput() -> Style {
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Style(isEnabled: isatty(STDOUT_FILENO) == 1 && !noColor)
  }

  func bold(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func red(_ text: String) -> String { apply("31", text) }
  func green(_ text: String) -> String { apply("32", text) }
  func yellow(_ text: String) -> String { apply("33", text) }

  private func apply(_ code: String, _ text: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

/// Plain-text layout helpers. They count characters, so apply a `Style` only after laying out.
enum TextLayout {
  /// The width the demo lays its output out for.
  static let width = 100

  /// `text` padded with spaces to `width` characters.
  static func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// Lines of at most `width` characters, breaking between words.
  static func wrap(_ text: String, width: Int) -> [String] {
    // Each line of a text of several lines (`expected: …`, `actual: …`) is wrapped on its own.
    text.split(separator: "\n").flatMap { line in
      wrap(items: line.split(separator: " ").map(String.init), separator: " ", width: width)
    }
  }

  /// Lines of at most `width` characters, breaking only between items, so that an item such
  /// as "96 mg 90 min ago" is never cut in two. An item longer than `width` gets its own line.
  static func wrap(items: [String], separator: String, width: Int) -> [String] {
    // A broken line keeps the separator's visible part (the comma): leave room for it.
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

  /// `text` after `prefix`, wrapped to the demo's width, its later lines lined up under the
  /// first.
  static func hanging(_ prefix: String, _ text: String) -> [String] {
    hanging(prefix, lines: wrap(text, width: width - prefix.count))
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
