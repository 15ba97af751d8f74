/// Unified diffs, written and applied in Swift: a wrong answer is kept as a patch against its
/// solution, and `lab verify` applies it without asking `patch` or `git apply`, which differ
/// between Linux and macOS or may be missing.
///
/// Applying is strict about content and lenient about place: every context and removed line of a
/// hunk must match the file exactly (no fuzz), but the hunk may have moved up or down, as when the
/// solution gained lines above it. A hunk that matches nowhere is an error naming it.
public enum UnifiedDiff {
  /// The changes to one file.
  public struct FilePatch: Sendable, Equatable {
    /// The path after `--- `, without `a/`; nil for `/dev/null` (a new file).
    public let oldPath: String?
    /// The path after `+++ `, without `b/`; nil for `/dev/null` (a deleted file).
    public let newPath: String?
    public let hunks: [Hunk]

    /// The file the patch changes, whichever side names it.
    public var path: String { newPath ?? oldPath ?? "" }
  }

  /// One `@@ -a,b +c,d @@` section.
  public struct Hunk: Sendable, Equatable {
    /// The header as written, to name the hunk in errors.
    public let header: String
    /// Where the old lines start, counted from 0.
    public let oldStart: Int
    public let lines: [Line]

    /// The lines the file must hold for the hunk to apply: context and removed lines.
    var oldLines: [String] {
      lines.compactMap {
        switch $0 {
        case .context(let text), .removed(let text): text
        case .added: nil
        }
      }
    }

    /// What replaces them: context and added lines.
    var newLines: [String] {
      lines.compactMap {
        switch $0 {
        case .context(let text), .added(let text): text
        case .removed: nil
        }
      }
    }
  }

  /// A line of a hunk.
  public enum Line: Sendable, Equatable {
    case context(String)
    case removed(String)
    case added(String)
  }

  /// Why a patch could not be read or applied.
  public struct Failure: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ description: String) {
      self.description = description
    }
  }

  // MARK: Reading

  /// Reads every file patch in `text`. Lines before the first `---` are a free comment.
  public static func parse(_ text: String) throws -> [FilePatch] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var patches: [FilePatch] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("--- "), index + 1 < lines.count,
        lines[index + 1].hasPrefix("+++ ")
      else {
        // A hunk outside a file, or the comment before the first file.
        if lines[index].hasPrefix("@@") {
          throw Failure("line \(index + 1): a hunk before any '--- ' and '+++ ' file header")
        }
        index += 1
        continue
      }
      let oldPath = path(fromHeader: lines[index], prefix: "a/")
      let newPath = path(fromHeader: lines[index + 1], prefix: "b/")
      index += 2
      var hunks: [Hunk] = []
      while index < lines.count, lines[index].hasPrefix("@@") {
        let header = lines[index]
        let (oldStart, oldCount, newCount) = try ranges(in: header, line: index + 1)
        index += 1
        var hunkLines: [Line] = []
        var oldSeen = 0
        var newSeen = 0
        while oldSeen < oldCount || newSeen < newCount {
          guard index < lines.count else {
            throw Failure("hunk \(header) of \(newPath ?? oldPath ?? "?") ends early")
          }
          let line = lines[index]
          let text = String(line.dropFirst())
          switch line.first {
          case " ", nil:
            hunkLines.append(.context(text))
            oldSeen += 1
            newSeen += 1
          case "-":
            hunkLines.append(.removed(text))
            oldSeen += 1
          case "+":
            hunkLines.append(.added(text))
            newSeen += 1
          case "\\":
            break  // "\ No newline at end of file": the lab's files all end with one.
          default:
            throw Failure("line \(index + 1): '\(line)' is no line of hunk \(header)")
          }
          index += 1
        }
        guard oldSeen == oldCount, newSeen == newCount else {
          throw Failure(
            "hunk \(header) of \(newPath ?? oldPath ?? "?") holds other lines than it counts")
        }
        while index < lines.count, lines[index].hasPrefix("\\") { index += 1 }
        hunks.append(Hunk(header: header, oldStart: oldStart, lines: hunkLines))
      }
      patches.append(FilePatch(oldPath: oldPath, newPath: newPath, hunks: hunks))
    }
    return patches
  }

  static func path(fromHeader line: String, prefix: String) -> String? {
    // The path ends at a tab, where `diff` puts a time stamp.
    let path = String(line.dropFirst(4).prefix { $0 != "\t" })
    if path == "/dev/null" { return nil }
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The old start (from 0) and both counts of `@@ -a,b +c,d @@`.
  static func ranges(in header: String, line: Int) throws -> (Int, Int, Int) {
    let parts = header.split(separator: " ")
    func range(_ part: Substring?, sign: Character) -> (Int, Int)? {
      guard let part, part.first == sign else { return nil }
      let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
      guard let start = numbers.first.flatMap({ Int($0) }) else { return nil }
      let count = numbers.count > 1 ? Int(numbers[1]) : 1
      return count.map { (start, $0) }
    }
    guard parts.count >= 4, parts[0] == "@@", parts[3] == "@@",
      let old = range(parts[1], sign: "-"), let new = range(parts[2], sign: "+")
    else {
      throw Failure("line \(line): '\(header)' is no hunk header (@@ -a,b +c,d @@)")
    }
    // An empty range names the line before it: `-0,0` is the start of the file.
    return (old.1 == 0 ? old.0 : old.0 - 1, old.1, new.1)
  }

  // MARK: Applying

  /// `text` with `patch`'s hunks applied, in order.
  public static func apply(_ patch: FilePatch, to text: String) throws -> String {
    var lines = splitLines(text)
    var delta = 0
    var earliest = 0
    for (number, hunk) in patch.hunks.enumerated() {
      let expected = max(earliest, hunk.oldStart + delta)
      guard let start = position(of: hunk.oldLines, in: lines, near: expected, from: earliest)
      else {
        throw Failure(
          "hunk \(number + 1) of \(patch.hunks.count) (\(hunk.header)) no longer applies to "
            + "\(patch.path): its lines \(describe(hunk)) are not in the file")
      }
      lines.replaceSubrange(start..<(start + hunk.oldLines.count), with: hunk.newLines)
      delta = start - hunk.oldStart + hunk.newLines.count - hunk.oldLines.count
      earliest = start + hunk.newLines.count
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// Where `needle` occurs in `lines`, at `expected` or as close to it as possible, not before
  /// `earliest`.
  static func position(
    of needle: [String], in lines: [String], near expected: Int, from earliest: Int
  )
    -> Int?
  {
    func matches(at start: Int) -> Bool {
      start >= earliest && start + needle.count <= lines.count
        && lines[start..<(start + needle.count)].elementsEqual(needle)
    }
    for distance in 0...max(lines.count, 1) {
      if matches(at: expected - distance) { return expected - distance }
      if matches(at: expected + distance) { return expected + distance }
    }
    return nil
  }

  /// The first changed line of a hunk, to say which one failed.
  static func describe(_ hunk: Hunk) -> String {
    let changed = hunk.lines.first {
      if case .removed = $0 { return true }
      return false
    }
    guard case .removed(let text) = changed else { return "(context only)" }
    return "(first removed line: `\(text.trimmingLeadingSpaces())`)"
  }

  static func splitLines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  // MARK: Writing

  /// The unified diff that turns `old` into `new`, with `context` unchanged lines around each
  /// change; empty when they are the same. Paths are written as `a/<path>` and `b/<path>`.
  public static func make(from old: String, to new: String, path: String, context: Int = 3)
    -> String
  {
    let oldLines = splitLines(old)
    let newLines = splitLines(new)
    let edits = editScript(oldLines, newLines)
    guard edits.contains(where: { $0.kind != .same }) else { return "" }
    var text = "--- a/\(path)\n+++ b/\(path)\n"
    // Group the edits into hunks: changes closer than twice the context share one.
    var index = 0
    while index < edits.count {
      guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
      var end = firstChange
      var lastChange = firstChange
      while end < edits.count {
        if edits[end].kind != .same {
          lastChange = end
        } else if end - lastChange > 2 * context {
          break
        }
        end += 1
      }
      let start = max(index, firstChange - context)
      let stop = min(edits.count, lastChange + context + 1)
      let slice = edits[start..<stop]
      let oldCount = slice.filter { $0.kind != .added }.count
      let newCount = slice.filter { $0.kind != .removed }.count
      let oldStart = slice.first.map { $0.oldIndex } ?? 0
      let newStart = slice.first.map { $0.newIndex } ?? 0
      text += "@@ -\(header(oldStart, oldCount)) +\(header(newStart, newCount)) @@\n"
      for edit in slice {
        switch edit.kind {
        case .same: text += " \(oldLines[edit.oldIndex])\n"
        case .removed: text += "-\(oldLines[edit.oldIndex])\n"
        case .added: text += "+\(newLines[edit.newIndex])\n"
        }
      }
      index = stop
    }
    return text
  }

  static func header(_ start: Int, _ count: Int) -> String {
    // Counted from 1; an empty range names the line before it.
    count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  struct Edit {
    enum Kind { case same, removed, added }
    let kind: Kind
    /// The line's index in the old file, or where it would be for an added line.
    let oldIndex: Int
    /// The line's index in the new file, or where it would be for a removed line.
    let newIndex: Int
  }

  /// The shortest edit script by longest common subsequence: the lab's files are a few hundred
  /// lines, so the quadratic table is small.
  static func editScript(_ old: [String], _ new: [String]) -> [Edit] {
    let columns = new.count + 1
    var common = [Int](repeating: 0, count: (old.count + 1) * columns)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i * columns + j] =
          old[i] == new[j]
          ? common[(i + 1) * columns + j + 1] + 1
          : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(Edit(kind: .same, oldIndex: i, newIndex: j))
        i += 1
        j += 1
      } else if i < old.count,
        j == new.count || common[(i + 1) * columns + j] >= common[i * columns + j + 1]
      {
        edits.append(Edit(kind: .removed, oldIndex: i, newIndex: j))
        i += 1
      } else {
        edits.append(Edit(kind: .added, oldIndex: i, newIndex: j))
        j += 1
      }
    }
    return edits
  }
}

extension String {
  fileprivate func trimmingLeadingSpaces() -> Substring {
    drop { $0 == " " }
  }
}
