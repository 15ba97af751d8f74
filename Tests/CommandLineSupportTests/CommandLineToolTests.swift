import CommandLineSupport
import Testing

@Suite("CommandLineTool: commands, per-command help, `help CMD`")
struct CommandLineToolTests {
  let tool = CommandLineTool(
    name: "demo", overview: "demo: the overview",
    commands: [
      .init("stress", help: "demo stress [--seed N]"), .init("list", help: "demo list"),
    ])

  @Test(
    "No arguments, --help, -h and help print the overview",
    arguments: [
      [], ["--help"], ["-h"], ["help"],
    ])
  func overview(_ words: [String]) throws {
    guard case .overview = try tool.parse(words) else {
      Issue.record("expected the overview for \(words)")
      return
    }
  }

  @Test(
    "CMD --help, CMD -h and help CMD print that command's help",
    arguments: [
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

  @Test("--help printed by the tool itself; a command to run handed back")
  func commandToRun() throws {
    var printed: [String] = []
    #expect(try tool.commandToRun(["help", "list"]) { printed.append($0) } == nil)
    #expect(try tool.commandToRun([]) { printed.append($0) } == nil)
    #expect(printed == ["demo list", "demo: the overview"])
    let run = try #require(try tool.commandToRun(["list"]) { printed.append($0) })
    #expect(run.command == "list")
    #expect(printed.count == 2)
  }

  @Test("A usage error names the tool and the help to read; exit code 2, other errors 1")
  func errorReport() {
    #expect(tool.knownCommand(in: ["stress", "--x"]) == "stress")
    #expect(tool.knownCommand(in: ["bogus"]) == nil)
    let usage = ErrorReport(UsageError("unknown option '--x'"), tool: "demo", command: "stress")
    #expect(usage.message == "demo: unknown option '--x'. Run 'demo stress --help'.")
    #expect(usage.exitCode == 2)
    let failure = ErrorReport(UsageErrorFree.failed, tool: "demo")
    #expect(failure.message == "demo: failed")
    #expect(failure.exitCode == 1)
  }
}

/// An error that is not about usage.
private enum UsageErrorFree: Error, CustomStringConvertible {
  case failed
  var description: String { "failed" }
}
