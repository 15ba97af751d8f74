import CommandLineSupport
import Testing

@Suite("TerminalWidth: COLUMNS, else the terminal's width, else 80")
struct TerminalWidthTests {
  @Test("COLUMNS wins when it is a number; then the terminal; then 80")
  func order() {
    #expect(TerminalWidth.width(columns: "120", terminal: 100) == 120)
    #expect(TerminalWidth.width(columns: nil, terminal: 100) == 100)
    #expect(TerminalWidth.width(columns: nil, terminal: nil) == 80)
    // Not a number, or not positive: as if unset.
    #expect(TerminalWidth.width(columns: "wide", terminal: nil) == 80)
    #expect(TerminalWidth.width(columns: "0", terminal: 90) == 90)
  }

  @Test("Never narrower than a few words")
  func minimum() {
    #expect(TerminalWidth.width(columns: "5", terminal: nil) == TerminalWidth.minimum)
  }
}
