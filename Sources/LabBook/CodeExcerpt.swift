import Foundation

/// A few lines of a source file around the first line holding a piece of text.
public struct CodeExcerpt: Sendable {
  public let file: String
  /// The first line's number, from 1.
  public let firstLine: Int
  public let lines: [String]
  /// The index in `lines` of the line that holds the text.
  public let highlighted: Int

  /// The excerpt of `file` (relative to `root`) around the first line containing `needle`, with
  /// `context` lines either side; nil when the file or the text is missing.
  public static func find(
    _ needle: String, in file: String, root: String, context: Int = 3
  ) -> CodeExcerpt? {
    guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else {
      return nil
    }
    let lines = text.components(separatedBy: "\n")
    guard let index = lines.firstIndex(where: { $0.contains(needle) }) else { return nil }
    let start = max(0, index - context)
    let end = min(lines.count, index + context + 1)
    return CodeExcerpt(
      file: file, firstLine: start + 1, lines: Array(lines[start..<end]), highlighted: index - start
    )
  }
}
