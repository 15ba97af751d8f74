import CommandLineSupport
import Foundation
import Testing

/// An instructor projects the commands the README and the guides give for showing a race; one
/// that prints "no finding" in front of a room teaches the opposite of the lesson. The docs mark
/// each such command (a `<!-- shows-race -->` line right before its code block), and this suite
/// runs every one of them with the `race-lab` built next to the tests, and every replay named in
/// their prose, and asserts that it shows a race.
@Suite("Race-showing commands in the docs", .timeLimit(.minutes(5)))
struct RaceShowingCommandsTests {
  /// One command as a document gives it.
  struct DocumentedCommand: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    /// The words after `swift run race-lab`.
    let arguments: [String]

    var testDescription: String { "\(file):\(line): race-lab \(arguments.joined(separator: " "))" }
  }

  /// The package root, three levels above this file.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The marker a document writes on the line before a code block of race-showing commands.
  static let marker = "<!-- shows-race -->"

  /// README.md and every Markdown file under docs/, by path relative to the root.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }

  /// A fenced code block's lines, with their line numbers, and whether the marker precedes it.
  struct CodeBlock {
    let isMarked: Bool
    let lines: [(number: Int, text: String)]
  }

  static func codeBlocks(in file: String) -> [CodeBlock] {
    let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    var blocks: [CodeBlock] = []
    var current: [(number: Int, text: String)]?
    var currentMarked = false
    var previous = ""
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if let lines = current {
          blocks.append(CodeBlock(isMarked: currentMarked, lines: lines))
          current = nil
        } else {
          current = []
          currentMarked = previous == marker
        }
      } else if current != nil {
        current?.append((index + 1, line))
      }
      if !trimmed.isEmpty { previous = trimmed }
    }
    return blocks
  }

  /// The words of `swift run race-lab ...` on a line, its `# comment` dropped; nil for any other
  /// line.
  static func raceLabArguments(_ line: String) -> [String]? {
    let command = line.components(separatedBy: " #")[0]
    let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.starts(with: ["swift", "run", "race-lab"]) else { return nil }
    return Array(words.dropFirst(3))
  }

  /// Whether a line in a code block claims to show a race: a replay, or one stress iteration
  /// drawn as lanes.
  static func claimsARace(_ arguments: [String]) -> Bool {
    arguments.first == "replay" || (arguments.first == "stress" && arguments.contains("--lanes"))
      || (arguments.first == "explore" && !arguments.contains("after"))
  }

  /// Every command the docs give for showing a race: the lines of the marked code blocks, and
  /// the replays their prose names inline (`swift run race-lab replay ENTRY`).
  static var commands: [DocumentedCommand] {
    var commands: [DocumentedCommand] = []
    for file in documents {
      for block in codeBlocks(in: file) where block.isMarked {
        for (number, text) in block.lines {
          guard let arguments = raceLabArguments(text) else { continue }
          commands.append(DocumentedCommand(file: file, line: number, arguments: arguments))
        }
      }
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
      for (index, line) in text.components(separatedBy: "\n").enumerated() {
        for match in line.matches(of: #/`swift run race-lab (?<words>replay[^`]*)`/#) {
          commands.append(
            DocumentedCommand(
              file: file, line: index + 1,
              arguments: match.words.split(separator: " ").map(String.init)))
        }
      }
    }
    return commands
  }

  @Test("The README marks its race-showing commands, and every code block that shows one is marked")
  func everyRaceShowingBlockIsMarked() {
    #expect(
      Self.commands.contains { $0.file == "README.md" },
      "README.md has no \(Self.marker) block: an instructor looks there first")
    for file in Self.documents {
      for block in Self.codeBlocks(in: file) {
        for (number, text) in block.lines {
          guard let arguments = Self.raceLabArguments(text) else {
            if block.isMarked && !text.trimmingCharacters(in: .whitespaces).isEmpty {
              Issue.record(
                "\(file):\(number): a marked block holds a line this suite cannot run: \(text)")
            }
            continue
          }
          #expect(
            block.isMarked || !Self.claimsARace(arguments),
            "\(file):\(number) shows a race but is not in a \(Self.marker) block: \(text)")
        }
      }
    }
  }

  @Test("Each command shows a race, every time", arguments: commands)
  func showsARace(_ command: DocumentedCommand) throws {
    // A fresh folder, so that `--trace FILE` writes nowhere it matters.
    let workFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("race-showing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workFolder) }

    let (result, output) = try BuiltProduct.run(
      "race-lab", command.arguments, in: workFolder, environment: ["NO_COLOR": "1"],
      timeout: 100)
    // `explore` exits 1 on a finding, which is what it is shown for.
    let expectedStatus: Int32 = command.arguments.first == "explore" ? 1 : 0
    #expect(
      result.status == expectedStatus && result.signal == nil && !result.timedOut,
      "\(command): \(result.ending)\n\(output)")
    switch command.arguments.first {
    case "explore":
      #expect(output.contains("  - "), "\(command) printed no finding:\n\(output)")
      #expect(output.contains("Replay exactly this run"), "\(command):\n\(output)")
    case "replay":
      // Every replayed entry shows its symptom on the before side and none after; an entry
      // drawn from a scenario (no forced replay) shows its racing steps without a verdict.
      #expect(output.contains("✓ symptom shown"), "\(command):\n\(output)")
      #expect(!output.contains("SYMPTOM MISSING"), "\(command):\n\(output)")
    default:
      #expect(
        output.contains("finding: "), "\(command) printed no finding:\n\(output)")
    }
  }
}
