import CommandLineSupport
import RaceLab
import Testing

@testable import RaceLabCommand

@Suite("race-lab's commands and options")
struct RaceLabOptionsTests {
  @Test(
    "Every command has its own help: CMD --help and help CMD",
    arguments: [
      "list", "replay", "tsan-replay", "stress", "trace-overhead", "report", "diagnose", "docs",
    ])
  func commandHelp(_ command: String) throws {
    for words in [[command, "--help"], ["help", command]] {
      guard case .help(let named) = try RaceLabCommand.tool.parse(words) else {
        Issue.record("\(words) does not ask for help")
        continue
      }
      let help = try #require(RaceLabCommand.tool.help(for: named))
      #expect(help.hasPrefix("race-lab \(command) ") || help == "race-lab \(command)")
      #expect(help != RaceLabCommand.usage)
    }
  }

  @Test("replay's help names its options and no other command's")
  func replayHelp() throws {
    let help = try #require(RaceLabCommand.tool.help(for: "replay"))
    #expect(help.contains("--lanes") && help.contains("--trace FILE"))
    #expect(!help.contains("--iterations") && !help.contains("tsan-replay"))
  }

  @Test("An option before the command is a usage error, not the command '5'")
  func optionBeforeCommand() {
    #expect(throws: UsageError.self) { try RaceLabCommand.tool.parse(["--seed", "5", "stress"]) }
  }

  @Test(
    "stress reads both spellings",
    arguments: [
      ["--variant", "after", "--seed", "5", "--iterations", "60", "--quiet"],
      ["--variant=after", "--seed=5", "--iterations=60", "--quiet"],
    ])
  func stressOptions(_ words: [String]) throws {
    guard case .run("stress", let arguments) = try RaceLabCommand.tool.parse(["stress"] + words)
    else {
      Issue.record("stress does not run")
      return
    }
    let options = try StressOptions(parsing: arguments)
    #expect(options.variants == [.after])
    #expect(options.configuration.seed == 5)
    #expect(options.configuration.iterations == 60)
    #expect(options.quiet)
    #expect(options.configuration.scheduler == .random)
  }

  @Test("stress: the PCT scheduler and its depth")
  func scheduler() throws {
    let options = try StressOptions(
      parsing: ParsedArguments(["--scheduler=pct", "--depth", "3", "--steps=40"]))
    #expect(options.configuration.scheduler == .pct(depth: 3, expectedSteps: 40))
  }

  @Test(
    "stress: mistakes are usage errors that name them",
    arguments: [
      (["--variant", "sideways"], "--variant takes before, after or both, not 'sideways'"),
      (["--depth", "3"], "--depth and --steps go with --scheduler pct"),
      (["--scheduler=fifo"], "--scheduler takes random or pct, not 'fifo'"),
      (["--trace", "x.json"], "--trace goes with --lanes"),
      (["--seed", "five"], "--seed takes a number, not 'five'"),
      (["--bogus"], "unknown option '--bogus'"),
      (["--actions=0"], "--actions takes a count of 1 or more"),
    ])
  func stressMistakes(_ words: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try StressOptions(parsing: ParsedArguments(words)) }
  }
}
