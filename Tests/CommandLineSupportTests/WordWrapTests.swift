import CommandLineSupport
import Testing

@Suite("WordWrap: lines broken between words or items")
struct WordWrapTests {
  @Test("Lines stay within the width and keep every word")
  func wraps() {
    let text = "one two three four five six seven"
    let lines = WordWrap.lines(text, width: 10)
    #expect(lines == ["one two", "three four", "five six", "seven"])
    #expect(lines.joined(separator: " ") == text)
  }

  @Test("Later lines may be narrower, for an indent; a long word gets its own line")
  func laterWidthAndLongWords() {
    #expect(WordWrap.lines("aaaa bbbb cccc", width: 9, laterWidth: 4) == ["aaaa bbbb", "cccc"])
    #expect(WordWrap.lines("a extraordinarily b", width: 5) == ["a", "extraordinarily", "b"])
  }

  @Test("Each line of a text of several lines is wrapped on its own")
  func paragraphs() {
    #expect(WordWrap.lines("a b\nc", width: 10) == ["a b", "c"])
    #expect(WordWrap.lines("", width: 10) == [""])
  }

  @Test("Indented text counts the indent in the width")
  func indented() {
    #expect(WordWrap.indented("aa bb cc", indent: "  ", width: 7) == "  aa bb\n  cc")
  }

  @Test("Items are never cut, and a broken line keeps the separator's comma")
  func items() {
    let lines = WordWrap.lines(items: ["96 mg", "12 mg", "30 mg"], separator: ", ", width: 14)
    #expect(lines == ["96 mg, 12 mg,", "30 mg"])
  }

  @Test("A line of output is fitted between words, its later pieces hanging under its text")
  func fitHangs() {
    let line = "      the background task is not completed as it should be, said the check"
    let pieces = WordWrap.fit(line, width: 40)
    #expect(
      pieces == [
        "      the background task is not",
        "      completed as it should be, said",
        "      the check",
      ])
    #expect(pieces.allSatisfy { $0.count <= 40 })
    // No word is broken: the pieces hold the same words in the same order.
    #expect(
      pieces.flatMap { $0.split(separator: " ") } == line.split(separator: " "))
    #expect(WordWrap.fit("short  stays   as it is", width: 40) == ["short  stays   as it is"])
  }

  @Test("After a marker, and in two columns, later pieces hang under the text")
  func fitMarkersAndColumns() {
    #expect(
      WordWrap.fit("  ✗ crashed while checking the loader", width: 24) == [
        "  ✗ crashed while", "    checking the loader",
      ])
    #expect(
      WordWrap.fit("  check [N]   Check the current exercise, or N", width: 34) == [
        "  check [N]   Check the current", "              exercise, or N",
      ])
    // A word longer than the room gets a piece of its own, never cut.
    #expect(
      WordWrap.fit("see Exercises/03-query-continuation/HealthKitController.swift now", width: 20)
        == ["see", "Exercises/03-query-continuation/HealthKitController.swift", "now"])
  }

  @Test("Help laid out for a wide terminal is kept when it fits, reflowed by paragraph when not")
  func reflow() {
    let help = """
      Commands:
        list        Every exercise with its short name and state,
                    and your progress.
        check [N]   Check the current exercise.
      """
    #expect(WordWrap.reflow(help, width: 60) == help.split(separator: "\n").map(String.init))
    #expect(
      WordWrap.reflow(help, width: 40) == [
        "Commands:",
        "  list        Every exercise with its",
        "              short name and state, and",
        "              your progress.",
        "  check [N]   Check the current",
        "              exercise.",
      ])
  }
}
