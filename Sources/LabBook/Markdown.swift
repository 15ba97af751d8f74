import Foundation

/// Just enough Markdown for the exercises' READMEs: headings, paragraphs, lists, fenced code,
/// inline code, bold and links. HTML comments (`<!-- probe: <id> -->`, the maintainers' citations
/// of compiler probes) are dropped, as a Markdown viewer hides them. Everything else is shown as
/// text, escaped.
enum Markdown {
  static func html(_ markdown: String) -> String {
    var html: [String] = []
    var paragraph: [String] = []
    var listItems: [String] = []
    var code: [String]?

    func flushParagraph() {
      if !paragraph.isEmpty { html.append("<p>\(inline(paragraph.joined(separator: " ")))</p>") }
      paragraph = []
    }
    func flushList() {
      if !listItems.isEmpty {
        html.append("<ul>" + listItems.map { "<li>\(inline($0))</li>" }.joined() + "</ul>")
      }
      listItems = []
    }

    for original in markdown.components(separatedBy: "\n") {
      // A comment is for maintainers: drop it, and drop a line that held nothing else rather
      // than read it as a blank line that ends the paragraph.
      let line = code == nil ? withoutComments(original) : original
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if code == nil && trimmed.isEmpty
        && !original.trimmingCharacters(in: .whitespaces).isEmpty
      {
        continue
      }
      if var block = code {
        if trimmed.hasPrefix("```") {
          html.append("<pre><code>\(HTML.escape(block.joined(separator: "\n")))</code></pre>")
          code = nil
        } else {
          block.append(line)
          code = block
        }
        continue
      }
      if trimmed.hasPrefix("```") {
        flushParagraph()
        flushList()
        code = []
      } else if trimmed.isEmpty {
        flushParagraph()
        flushList()
      } else if let level = headingLevel(trimmed) {
        flushParagraph()
        flushList()
        let text = trimmed.dropFirst(level).trimmingCharacters(in: .whitespaces)
        // The page's own title is the h1; README headings start one level below.
        let tag = min(6, level + 1)
        html.append("<h\(tag)>\(inline(text))</h\(tag)>")
      } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
        flushParagraph()
        listItems.append(String(trimmed.dropFirst(2)))
      } else if !listItems.isEmpty && line.hasPrefix("  ") {
        listItems[listItems.count - 1] += " " + trimmed
      } else {
        flushList()
        paragraph.append(trimmed)
      }
    }
    if let block = code {
      html.append("<pre><code>\(HTML.escape(block.joined(separator: "\n")))</code></pre>")
    }
    flushParagraph()
    flushList()
    return html.joined(separator: "\n")
  }

  /// `line` without its one-line HTML comments.
  static func withoutComments(_ line: String) -> String {
    line.replacing(#/<!--.*?-->/#, with: "")
  }

  private static func headingLevel(_ line: String) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return hashes
  }

  /// Inline code, bold and links; the rest escaped.
  static func inline(_ text: String) -> String {
    var output = ""
    var rest = Substring(text)
    while let character = rest.first {
      if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        output +=
          "<code>\(HTML.escape(String(rest[rest.index(after: rest.startIndex)..<end])))</code>"
        rest = rest[rest.index(after: end)...]
      } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
        output +=
          "<strong>\(inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])))</strong>"
        rest = rest[end.upperBound...]
      } else {
        output += HTML.escape(String(character))
        rest = rest.dropFirst()
      }
    }
    return output
  }
}
