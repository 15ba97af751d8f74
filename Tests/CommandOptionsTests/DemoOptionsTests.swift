import CommandLineSupport
import Testing

@testable import CoffeeDemo

@Suite("coffee-demo's options")
struct DemoOptionsTests {
  /// The options `words` play with; a recorded issue when they do not play.
  func played(_ words: [String]) throws -> DemoOptions? {
    guard case .play(let options) = try DemoOptions.parse(words) else {
      Issue.record("\(words) does not play")
      return nil
    }
    return options
  }

  @Test(
    "Both spellings of every option with a value",
    arguments: [
      ["--scenario", "day-of-coffee", "--seed", "7", "--variant", "after", "--latency", "20"],
      ["--scenario=day-of-coffee", "--seed=7", "--variant=after", "--latency=20"],
    ])
  func spellings(_ words: [String]) throws {
    let options = try #require(try played(words))
    #expect(options.scenarios.map(\.id) == ["day-of-coffee"])
    #expect(options.seed == 7)
    #expect(options.variants.map(\.name) == ["after"])
    #expect(options.latencyMilliseconds == 20)
    #expect(options.replayArguments == words.joined(separator: " ").replacingEquals)
  }

  @Test("Defaults: the day of coffee on both variants, seed 1, no latency")
  func defaults() throws {
    let options = try #require(try played([]))
    #expect(options.scenarios.map(\.id) == [DemoOptions.defaultScenarioID])
    #expect(options.variants.count == 2)
    #expect(options.seed == 1)
    #expect(options.latencyMilliseconds == nil)
    #expect(!options.playsEveryScenario && !options.drawsLanes && !options.echoesLogs)
  }

  @Test("Flags, --scenario all, and --help winning over a mistake")
  func flagsAndHelp() throws {
    let options = try #require(try played(["--scenario", "all", "--lanes", "--verbose"]))
    #expect(options.playsEveryScenario)
    #expect(options.drawsLanes && options.echoesLogs)
    guard case .list = try DemoOptions.parse(["--list"]) else {
      Issue.record("--list does not list")
      return
    }
    guard case .help = try DemoOptions.parse(["--bogus", "--help"]) else {
      Issue.record("--help does not win")
      return
    }
  }

  @Test("--step and --width: one step for a projector, laid out for its width, and replayable")
  func stepAndWidth() throws {
    let options = try #require(try played(["--lanes", "--step", "7", "--width", "160"]))
    #expect(options.step == 7 && options.width == 160 && options.drawsLanes)
    #expect(options.replayArguments.hasSuffix("--step 7"))
    let defaults = try #require(try played([]))
    #expect(defaults.step == nil && defaults.width == nil)
  }

  @Test("--width lays out the whole output; without it, the terminal's width, never below 60")
  func layoutWidth() throws {
    #expect(try played(["--width", "72"])?.layoutWidth == 72)
    let defaults = try #require(try played([]))
    #expect(defaults.layoutWidth == DemoOptions.terminalWidth)
    #expect(DemoOptions.terminalWidth >= DemoOptions.minimumWidth)
  }

  @Test("The help fitted to 60 columns keeps every word")
  func helpFits() {
    let fitted = WordWrap.reflow(DemoOptions.usage, width: 60)
    #expect(fitted.allSatisfy { $0.count <= 60 }, "\(fitted.filter { $0.count > 60 })")
    #expect(
      fitted.joined(separator: " ").split(whereSeparator: \.isWhitespace)
        == DemoOptions.usage.split(whereSeparator: \.isWhitespace))
  }

  @Test(
    "Mistakes are usage errors that name them",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["extra"], "unexpected argument 'extra'"),
      (["--seed"], "--seed needs a value"),
      (["--seed=-1"], "--seed expects a whole number ≥ 0, not '-1'"),
      (
        ["--latency", "5000"],
        "--latency expects a whole number of milliseconds from 0 to 1000, not '5000'"
      ),
      (["--scenario", "nope"], "no scenario is called 'nope'"),
      (["--variant=sideways"], "no variant is called 'sideways': use before, after or both"),
      (["--verbose=yes"], "--verbose takes no value"),
      (["--step", "-1"], "--step expects a step number ≥ 0 (0 is the launch), not '-1'"),
      (["--step", "99"], "--step 99: day-of-coffee has steps 0 (the launch) to 11"),
      (
        ["--scenario", "all", "--step", "2"],
        "--step shows a step of one scenario, not of --scenario all"
      ),
      (["--width", "20"], "--width expects a number of columns ≥ 60, not '20'"),
    ])
  func mistakes(_ words: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try DemoOptions.parse(words) }
  }
}

extension String {
  /// `--a=1 --b=2` written `--a 1 --b 2`, as `replayArguments` writes it.
  fileprivate var replacingEquals: String {
    split(separator: " ").flatMap { $0.split(separator: "=", maxSplits: 1) }.joined(separator: " ")
  }
}
