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
}
