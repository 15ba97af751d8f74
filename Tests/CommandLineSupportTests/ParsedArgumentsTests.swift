import CommandLineSupport
import Testing

@Suite("ParsedArguments: options as --name value or --name=value")
struct ParsedArgumentsTests {
  @Test(
    "Both spellings of an option give its value",
    arguments: [
      ["--seed", "5"], ["--seed=5"],
    ])
  func bothSpellings(_ words: [String]) throws {
    var arguments = ParsedArguments(words)
    #expect(try arguments.number("--seed", as: Int.self) == 5)
    try arguments.done()
  }

  @Test("A value may hold '=' and may be empty when written --name=")
  func valuesWithEquals() throws {
    var arguments = ParsedArguments(["--title=a=b", "--out="])
    #expect(try arguments.value("--title") == "a=b")
    #expect(try arguments.value("--out") == "")
  }

  @Test("Flags, repeated options and positional arguments, in any order")
  func flagsRepeatedAndPositional() throws {
    var arguments = ParsedArguments(["first", "--only", "a", "--quiet", "--only=b", "second"])
    #expect(try arguments.flag("--quiet"))
    #expect(try !arguments.flag("--lanes"))
    #expect(try arguments.values("--only") == ["a", "b"])
    #expect(try arguments.positional() == ["first", "second"])
  }

  @Test("Given twice, a single-value option keeps the last")
  func lastValueWins() throws {
    var arguments = ParsedArguments(["--seed", "1", "--seed=2"])
    #expect(try arguments.value("--seed") == "2")
    try arguments.done()
  }

  @Test("After --, words starting with - are positional")
  func terminator() throws {
    let arguments = ParsedArguments(["--", "--not-an-option"])
    #expect(try arguments.positional() == ["--not-an-option"])
  }

  @Test("Mistakes are usage errors that name the option or argument")
  func errors() throws {
    var missing = ParsedArguments(["--seed"])
    #expect(throws: UsageError("--seed needs a value")) { try missing.value("--seed") }
    var forgotten = ParsedArguments(["--out", "--quiet"])
    #expect(throws: UsageError("--out needs a value")) { try forgotten.value("--out") }
    var notANumber = ParsedArguments(["--seed=five"])
    #expect(throws: UsageError("--seed takes a number, not 'five'")) {
      try notANumber.number("--seed", as: Int.self)
    }
    var flagWithValue = ParsedArguments(["--quiet=yes"])
    #expect(throws: UsageError("--quiet takes no value")) { try flagWithValue.flag("--quiet") }
    #expect(throws: UsageError("unknown option '--bogus'")) {
      try ParsedArguments(["--bogus=1"]).done()
    }
    #expect(throws: UsageError("unexpected argument 'extra'")) {
      try ParsedArguments(["one", "extra"]).positional(max: 1)
    }
  }

  @Test("--help and -h are seen wherever they are, but not after --")
  func help() {
    #expect(ParsedArguments(["x", "--help"]).asksForHelp)
    #expect(ParsedArguments(["-h"]).asksForHelp)
    #expect(!ParsedArguments(["--", "--help"]).asksForHelp)
    #expect(!ParsedArguments(["--helpful"]).asksForHelp)
  }
}
