import Foundation
import Testing

@testable import LabKit

/// A check's message that gives code gives the solution's code: a learner who types what a
/// failure suggests must not type a kept wrong answer (step 16's once suggested
/// `savedValue.withLock { $0 = drinks }`, its lost save).
@Suite("What a check's message tells the learner to write is the solution's code")
struct CheckAdviceTests {
  static let root = CheckContractTests.root

  @Test("Every code a check's message gives, where it is a whole statement, is in the solution")
  func adviceIsTheSolutionsCode() throws {
    let catalog = try ExerciseCatalog.load(root: Self.root)
    var checked = 0
    for exercise in catalog.allExercises {
      let check = Self.root.appendingPathComponent("Checks/\(exercise.id)/main.swift")
      let advice = CheckAdvice.statements(in: try String(contentsOf: check, encoding: .utf8))
      let solution = try CheckAdvice.solutionText(
        in: Self.root.appendingPathComponent("Solutions/\(exercise.id)"))
      for code in advice {
        checked += 1
        let held = CheckAdvice.solution(solution, contains: code)
        #expect(
          held,
          """
          Checks/\(exercise.id)/main.swift tells the learner to write `\(code)`, which \
          Solutions/\(exercise.id) does not hold
          """)
      }
    }
    // The scan finds what it is meant to: a test that finds nothing proves nothing.
    #expect(checked >= 5)
  }

  @Test("The scan reads the code of messages, whole statements only, across a `+`")
  func scanFindsStatements() {
    let source = #"""
      // `commented = out` is no message
      return .fail("write `let store = CoffeeDataStore()` and "
        + "`savedValue.withLock { saved in if saved == nil "
        + "{ saved = drinks } }`; `await` alone, or `image(for:)`, is a word, not code")
      """#
    #expect(
      CheckAdvice.statements(in: source) == [
        "let store = CoffeeDataStore()",
        "savedValue.withLock { saved in if saved == nil { saved = drinks } }",
      ])
  }

  @Test("A statement matches the solution whatever its line breaks; `...` stands for any code")
  func matching() {
    let solution = """
      savedValue.withLock { saved in
        if saved == nil { saved = drinks }
      }
      await MainActor.run {
        self.updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)
      }
      """
    #expect(
      CheckAdvice.solution(
        solution, contains: "savedValue.withLock { saved in if saved == nil { saved = drinks } }"))
    #expect(CheckAdvice.solution(solution, contains: "await MainActor.run { ... }"))
    #expect(!CheckAdvice.solution(solution, contains: "savedValue.withLock { $0 = drinks }"))
  }
}

/// Reads the code that check messages give.
enum CheckAdvice {
  /// The code spans (between backticks) of the string literals in `source` that are whole
  /// statements or declarations: an assignment, a block, or a declaration with more than its
  /// keyword. Names (`image(for:)`) and keywords (`await`) are words, not code to type. Adjacent
  /// literals joined by `+` are read as one.
  static func statements(in source: String) -> [String] {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
    let literal = #/"((?:[^"\\\n]|\\.)*)"/#
    // Each literal's text, with literals joined by `+` glued together.
    var texts: [String] = []
    var previousEnd: String.Index?
    for match in code.matches(of: literal) {
      let text = String(match.output.1).replacing(#"\""#, with: #"""#)
      if let previousEnd,
        code[previousEnd..<match.range.lowerBound].allSatisfy({ $0.isWhitespace || $0 == "+" }),
        code[previousEnd..<match.range.lowerBound].contains("+")
      {
        texts[texts.count - 1] += text
      } else {
        texts.append(text)
      }
      previousEnd = match.range.upperBound
    }
    return texts.flatMap { text in
      text.matches(of: #/`([^`]+)`/#).map { String($0.output.1) }.filter(isStatement)
    }
  }

  static func isStatement(_ code: String) -> Bool {
    let declaration =
      #/^(@\w+ )*(private |public |final |nonisolated )*(func|let|var|import|actor|class|struct|extension) \S/#
    return code.contains(" = ") || code.contains("{") || code.contains(declaration)
  }

  /// The text of the `.swift` files in `folder`, outside comments and with runs of whitespace
  /// as one space.
  static func solutionText(in folder: URL) throws -> String {
    let files = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
  }

  /// Whether `solution` holds `code`, whitespace aside (`a{` and `a {` alike), with `...` in
  /// `code` standing for any code.
  static func solution(_ solution: String, contains code: String) -> Bool {
    let comments = #/(?m)^\s*//.*$/#
    let flat = solution.replacing(comments, with: "")
      .replacing(#/\s+/#, with: " ")
    let pattern = code.split(separator: "...", omittingEmptySubsequences: false)
      .map { part in
        part.split(whereSeparator: \.isWhitespace)
          .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: #"\s*"#)
      }
      .joined(separator: ".*?")
    return flat.range(of: pattern, options: .regularExpression) != nil
  }
}
