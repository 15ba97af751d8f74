import Foundation
import Testing

@testable import LabKit

/// The unified diffs wrong answers are kept in: written and applied by the lab itself, so that
/// `lab verify` needs neither `patch` nor `git`.
@Suite("Unified diffs")
struct UnifiedDiffTests {
  static let solution = (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n"

  /// `text` with `change` applied to its lines.
  static func edited(_ text: String, _ change: (inout [String]) -> Void) -> String {
    var lines = UnifiedDiff.splitLines(text)
    change(&lines)
    return lines.map { $0 + "\n" }.joined()
  }

  @Test("A diff applied to the old text gives the new text, for changes anywhere")
  func roundTrip() throws {
    let cases: [(String, (inout [String]) -> Void)] = [
      ("a changed line", { $0[9] = "LINE 10" }),
      ("a removed line", { $0.remove(at: 0) }),
      ("an added last line", { $0.append("line 41") }),
      (
        "changes far apart, two hunks",
        {
          $0[2] = "x"
          $0[30] = "y"
        }
      ),
      (
        "changes close together, one hunk",
        {
          $0[10] = "x"
          $0[14] = "y"
        }
      ),
      ("everything replaced", { $0 = ["only"] }),
      ("an empty line", { $0.insert("", at: 5) }),
    ]
    for (name, change) in cases {
      let wrong = Self.edited(Self.solution, change)
      let diff = UnifiedDiff.make(from: Self.solution, to: wrong, path: "File.swift")
      let patches = try UnifiedDiff.parse(diff)
      #expect(patches.count == 1, "\(name)")
      #expect(try UnifiedDiff.apply(patches[0], to: Self.solution) == wrong, "\(name)")
    }
    let twoHunks = UnifiedDiff.make(
      from: Self.solution,
      to: Self.edited(Self.solution) {
        $0[2] = "x"
        $0[30] = "y"
      },
      path: "File.swift")
    #expect(try UnifiedDiff.parse(twoHunks)[0].hunks.count == 2)
    #expect(UnifiedDiff.make(from: Self.solution, to: Self.solution, path: "File.swift") == "")
  }

  @Test("What the lab writes is the format of diff -u: headers, ranges counted from 1")
  func format() throws {
    let diff = UnifiedDiff.make(
      from: "a\nb\nc\n", to: "a\nB\nc\n", path: "File.swift", context: 1)
    #expect(diff == "--- a/File.swift\n+++ b/File.swift\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    let inserted = UnifiedDiff.make(from: "", to: "new\n", path: "New.swift")
    #expect(inserted.contains("@@ -0,0 +1 @@\n+new\n"))
  }

  @Test("A hunk applies where its lines moved to, when the solution gained lines above it")
  func appliesWithOffset() throws {
    let wrong = Self.edited(Self.solution) { $0[20] = "WRONG" }
    let patch = try UnifiedDiff.parse(
      UnifiedDiff.make(from: Self.solution, to: wrong, path: "File.swift"))[0]
    let fixed = Self.edited(Self.solution) { $0.insert(contentsOf: ["new 1", "new 2"], at: 0) }
    let applied = try UnifiedDiff.apply(patch, to: fixed)
    #expect(applied == Self.edited(fixed) { $0[22] = "WRONG" })
  }

  @Test("A hunk whose lines changed no longer applies, and the error names it")
  func staleHunkFails() throws {
    let wrong = Self.edited(Self.solution) {
      $0[2] = "x"
      $0[30] = "y"
    }
    let patch = try UnifiedDiff.parse(
      UnifiedDiff.make(from: Self.solution, to: wrong, path: "File.swift"))[0]
    let changed = Self.edited(Self.solution) { $0[30] = "line 31, fixed" }
    let error = try #require(throws: UnifiedDiff.Failure.self) {
      try UnifiedDiff.apply(patch, to: changed)
    }
    #expect(error.description.contains("hunk 2 of 2 (@@ -28,7 +28,7 @@)"))
    #expect(error.description.contains("File.swift"))
    #expect(error.description.contains("`line 31`"))
  }

  @Test("Malformed patches are errors with the line, not guesses")
  func malformed() throws {
    #expect(throws: UnifiedDiff.Failure.self) { try UnifiedDiff.parse("@@ -1 +1 @@\n-a\n+b\n") }
    #expect(throws: UnifiedDiff.Failure.self) {
      try UnifiedDiff.parse("--- a/F\n+++ b/F\n@@ -1 +1 @@ \n-a\n")
    }
    #expect(throws: UnifiedDiff.Failure.self) {
      try UnifiedDiff.parse("--- a/F\n+++ b/F\n@@ one two @@\n")
    }
    #expect(throws: UnifiedDiff.Failure.self) {
      try UnifiedDiff.parse("--- a/F\n+++ b/F\n@@ -1,2 +1,2 @@\n a\n?b\n")
    }
  }

  @Test("A patch written by git or diff, with a comment above and time stamps, is read too")
  func readsOtherWriters() throws {
    let text = """
      diff --git a/File.swift b/File.swift
      index 0000000..1111111 100644
      --- a/File.swift\t2026-01-01 00:00:00
      +++ b/File.swift\t2026-01-01 00:00:01
      @@ -1,2 +1,2 @@
       a
      -b
      +c
      \\ No newline at end of file

      """
    let patches = try UnifiedDiff.parse(text)
    #expect(patches.map(\.path) == ["File.swift"])
    #expect(try UnifiedDiff.apply(patches[0], to: "a\nb\n") == "a\nc\n")
  }
}
