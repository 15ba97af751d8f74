import CommandLineSupport
import Testing

@Suite("TerminalStyle: colour only on a terminal, and never with NO_COLOR set")
struct TerminalStyleTests {
  @Test(
    "A terminal without NO_COLOR, or with it empty, gets colour",
    arguments: [
      [:], ["NO_COLOR": ""],
    ])
  func colour(_ environment: [String: String]) {
    let style = TerminalStyle(isTerminal: true, environment: environment)
    #expect(style.usesColour)
    #expect(style.red("x") == "\u{1B}[31mx\u{1B}[0m")
  }

  @Test("NO_COLOR with any value, or output that is not a terminal, gets plain text")
  func plain() {
    for style in [
      TerminalStyle(isTerminal: true, environment: ["NO_COLOR": "1"]),
      TerminalStyle(isTerminal: false, environment: [:]),
    ] {
      #expect(!style.usesColour)
      #expect(style.red("x") == "x")
      #expect(style.bold("x") == "x")
    }
  }
}
