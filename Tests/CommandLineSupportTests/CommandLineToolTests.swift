import CommandLineSupport
import Testing

@Suite("CommandLineTool: commands, per-command help, `help CMD`")
struct CommandLineToolTests {
  let tool = CommandLineTool(
    name: "demo", overview: "demo: the overview",
    commands: [
      .init("stress", help: "demo stress [--seed N]"), .init("list", help: "demo list"),
    ])

  @Test("No arguments, --help, -h and help print the overview", arguments: [
    [], ["--help"], ["-h"], ["help"],
  ])
  func overview(_ words: [String]) throws {
    guard case .overview = try tool.parse(words) else {
      Issue.record("expected the overview for \(words)")
      return
    }
  }

  @Test("CMD --help, CMD -h and help CMD print that command's help", arguments: [
    ["stress", "--help"], ["stress", "--seed", "5", "-h"], ["help", "stress"],
  ])
  func commandHelp(_ words: [String]) throws {
    guard case .help(let command) = try tool.parse(words) else {
      Issue.record("expected the help of stress for \(words)")
      return
    }
    #expect(command == "stress")
    #expect(tool.help(for: command) == "demo stress [--seed N]")
  }

  @Test("A command gets the arguments after it")
  func run() throws {
    guard case .run(let command, var arguments) = try tool.parse(["stress", "--seed=5"]) else {
      Issue.record("expected stress to run")
      return
    }
    #expect(command == "stress")
    #expect(try arguments.number("--seed", as: Int.self) == 5)
  }

  @Test("An option before the command is an error, not a command")
  func optionBeforeCommand() {
    #expect(
      throws: UsageError(
        "'--seed' comes before the command; options go after it: demo <command> [options]")
    ) { try tool.parse(["--seed", "5", "stress"]) }
  }

  @Test("Unknown commands are usage errors that list the commands")
  func unknownCommand() {
    let expected = UsageError("unknown command 'bogus'; commands: stress, list, help")
    #expect(throws: expected) { try tool.parse(["bogus"]) }
    #expect(throws: expected) { try tool.parse(["help", "bogus"]) }
    #expect(throws: expected) { try tool.parse(["bogus", "--help"]) }
  }

  @Test("A usage error's message names the tool and the help to read")
  func message() {
    #expect(
      tool.message(for: UsageError("unknown option '--x'"), command: "stress")
        == "demo: unknown option '--x'. Run 'demo stress --help'.")
    #expect(UsageError.exitCode == 2)
  }
}
