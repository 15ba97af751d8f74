import CoffeeScenarios
import CommandLineSupport

/// How to play: which scenarios, on which variants, on which platform.
struct DemoOptions {
  /// The narrowest layout the lanes accept, given with --width or read from the terminal.
  static let minimumWidth = 60

  /// The scenario played when none is named: a whole day, with every kind of step.
  static let defaultScenarioID = "day-of-coffee"
  /// The largest latency accepted, so that a run still takes seconds.
  static let maximumLatency = 1000

  /// The scenarios to play, in order.
  var scenarios: [Scenario] = Scenario.named(defaultScenarioID).map { [$0] } ?? Scenario.all
  /// Whether every scenario is played, each shown compactly.
  var playsEveryScenario = false
  /// The seed of the platform's random latencies, printed so that a run can be replayed.
  var seed: UInt64 = 1
  /// The variants to play each scenario on.
  var variants: [Variant] = Variant.all
  /// The largest latency of health store calls and file writes, in milliseconds; nil for none.
  var latencyMilliseconds: Int?
  /// Whether the app's log lines are echoed while it runs.
  var echoesLogs = false
  /// Whether each step is drawn as lanes: what ran on which queue, actor or task.
  var drawsLanes = false
  /// Where to write the runs in Chrome's trace event format, if anywhere.
  var traceFile: String?
  /// The one step to show (0 is the launch); nil for every step. The whole scenario is still
  /// played: a step's state is what the steps before it left.
  var step: Int?
  /// The width to lay the output out for; nil for the terminal's (80 when it is not one).
  var width: Int?

  /// The columns every line of the output fits: --width, else the terminal's.
  var layoutWidth: Int { width ?? Self.terminalWidth }

  /// The terminal's width (80 when output is no terminal), never below the narrowest --width
  /// accepts.
  static var terminalWidth: Int { max(minimumWidth, TerminalWidth.standardOutput) }
}

extension DemoOptions {
  /// Reads the command line's arguments, the program name left out.
  ///
  /// Options may be written `--seed 7` or `--seed=7`; given twice, the last one counts.
  /// `--help` wins over anything else, so that a user who is lost always gets the usage.
  static func parse(_ words: [String]) throws -> DemoCommand {
    var arguments = ParsedArguments(words)
    if arguments.asksForHelp { return .help }

    var options = DemoOptions()
    if let id = try arguments.value("--scenario") {
      if id == "all" {
        options.scenarios = Scenario.all
        options.playsEveryScenario = true
      } else if let scenario = Scenario.named(id) {
        options.scenarios = [scenario]
      } else {
        throw UsageError("no scenario is called '\(id)'")
      }
    }
    if let text = try arguments.value("--seed") {
      guard let seed = UInt64(text) else {
        throw UsageError("--seed expects a whole number ≥ 0, not '\(text)'")
      }
      options.seed = seed
    }
    if let name = try arguments.value("--variant") {
      if name == "both" {
        options.variants = Variant.all
      } else if let variant = Variant.named(name) {
        options.variants = [variant]
      } else {
        throw UsageError("no variant is called '\(name)': use before, after or both")
      }
    }
    if let text = try arguments.value("--latency") {
      guard let milliseconds = Int(text), (0...maximumLatency).contains(milliseconds) else {
        throw UsageError(
          "--latency expects a whole number of milliseconds from 0 to \(maximumLatency), "
            + "not '\(text)'")
      }
      options.latencyMilliseconds = milliseconds == 0 ? nil : milliseconds
    }
    options.echoesLogs = try arguments.flag("--verbose")
    options.drawsLanes = try arguments.flag("--lanes")
    options.traceFile = try arguments.value("--trace")
    if let text = try arguments.value("--step") {
      guard let step = Int(text), step >= 0 else {
        throw UsageError("--step expects a step number ≥ 0 (0 is the launch), not '\(text)'")
      }
      options.step = step
    }
    if let text = try arguments.value("--width") {
      guard let width = Int(text), width >= DemoOptions.minimumWidth else {
        throw UsageError(
          "--width expects a number of columns ≥ \(DemoOptions.minimumWidth), not '\(text)'")
      }
      options.width = width
    }
    let listsScenarios = try arguments.flag("--list")
    try arguments.done()
    if let step = options.step {
      guard !options.playsEveryScenario, let scenario = options.scenarios.first else {
        throw UsageError("--step shows a step of one scenario, not of --scenario all")
      }
      guard step <= scenario.steps.count else {
        throw UsageError(
          "--step \(step): \(scenario.id) has steps 0 (the launch) to \(scenario.steps.count)")
      }
    }
    return listsScenarios ? .list : .play(options)
  }
}

extension DemoOptions {
  /// The arguments that play this run again.
  var replayArguments: String {
    var arguments = ["--scenario", playsEveryScenario ? "all" : scenarios.first?.id ?? "all"]
    arguments += ["--seed", String(seed)]
    if variants.count == 1, let variant = variants.first {
      arguments += ["--variant", variant.name]
    }
    if let latencyMilliseconds {
      arguments += ["--latency", String(latencyMilliseconds)]
    }
    if let step { arguments += ["--step", String(step)] }
    return arguments.joined(separator: " ")
  }

  /// The usage, the options and the scenarios, for `--help`.
  static var usage: String {
    let options = [
      (
        "--scenario ID",
        "the scenario to play (default: \(defaultScenarioID)); 'all' plays every "
          + "scenario, showing each one's last step and verdicts"
      ),
      ("--variant NAME", "before, after or both (default: both)"),
      (
        "--seed N",
        "the seed of the platform's random latencies (default: 1); printed so that a "
          + "run can be replayed"
      ),
      (
        "--latency MS",
        "health store calls and file writes take a random time of up to MS "
          + "milliseconds (0 to \(maximumLatency); default: none)"
      ),
      ("--verbose", "echo the app's log lines as it runs"),
      (
        "--lanes",
        "draw each step as lanes: what ran on which queue, actor or task, in order; the "
          + "variants side by side from \(StepLanes.sideBySideWidth) columns, else one after "
          + "the other"
      ),
      (
        "--step N",
        "show step N alone (0 is the launch), after playing the steps before it: one "
          + "screen for a projector"
      ),
      (
        "--width N",
        "the columns to lay the output out for, \(minimumWidth) or more (default: the "
          + "terminal's, else 80)"
      ),
      (
        "--trace FILE", "write the runs in Chrome's trace event format (Perfetto, chrome://tracing)"
      ),
      ("--list", "print the scenario identifiers and exit"),
      ("-h, --help", "print this help and exit"),
    ]
    var lines = [
      "coffee-demo: plays a scripted scenario on the Coffee Tracker before and after its",
      "migration to Swift concurrency, on a simulated watch, and shows step by step what each",
      "variant's model, file and health store hold, and where the two differ.",
      "",
      "Usage: swift run coffee-demo [options]        (make demo runs it with none)",
      "",
      "Options:",
    ]
    for (name, text) in options {
      lines += TextLayout.hanging("  " + TextLayout.pad(name, to: 16), text, width: 100)
    }
    lines += [
      "",
      "Exit status: 0 when every expectation holds or fails only as a known before bug (that is",
      "the lesson); 1 when something is broken; 2 when the command line is wrong.",
      "",
      "Scenarios:",
    ]
    let idWidth = (Scenario.all.map(\.id.count).max() ?? 0) + 2
    for scenario in Scenario.all {
      lines += TextLayout.hanging(
        "  " + TextLayout.pad(scenario.id, to: idWidth), scenario.summary, width: 100)
    }
    return lines.joined(separator: "\n")
  }
}
