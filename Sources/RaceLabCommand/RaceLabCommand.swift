import CoffeeScenarios
import CommandLineSupport
import CompilerDiagnostics
import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform

/// `race-lab`: the race catalog, its deterministic replays, seeded stress runs, and the report
/// behind `make race`.
struct RaceLabCommand {
  static let usage = """
    race-lab: see the before variant's races happen, and the after variant survive them.

    Usage: race-lab <command> [options]

    Commands:
      list                    The race catalog: every entry and the detectors that catch it.
      replay [ENTRY...]       Force each entry's interleaving on the before and the after side.
          --lanes             Draw each side's run as lanes: what ran where, racing steps marked;
                              entries with no replay are drawn from a scenario run.
          --trace FILE        Write the runs in Chrome's trace event format (Perfetto).
      tsan-replay [ENTRY...]  Force the racing accesses of each entry ThreadSanitizer claims,
                              with nothing ordering them; run it in a --sanitize=thread build.
          --variant V         before, after or both (default: both)
      stress [options]        Seeded random runs with jittered latencies; checks invariants.
          --variant V         before, after or both (default: both)
          --seed N            The first iteration's seed (default: 1); failures print theirs.
          --iterations N      Iterations per variant (default: 200)
          --time SECONDS      Time budget per variant (default: 60)
          --actions N         Actions per iteration (default: 12)
          --quiet             No progress lines.
          --confirm K         Run each finding's seed K more times; print how often it recurs.
          --scheduler S       random (the system's order, seeded latencies; the default) or
                              pct (seeded priorities with d - 1 change points at checkpoints)
          --depth D           The bug depth PCT targets (default: 2)
          --steps K           The steps PCT spreads its change points over (default: 60)
          --mark-iterations   A line on standard error after each iteration (for `report`, to
                              cut a ThreadSanitizer log into iterations).
          --lanes             Run the one iteration of --seed and draw it as lanes, findings marked.
          --trace FILE        With --lanes: write that iteration in Chrome's trace event format.
      trace-overhead [options] The stress run's time with tracing off and on, and the ratio.
          --iterations N      Iterations per variant and round (default: 40)
          --rounds N          Rounds of paired runs, off then on or on then off (default: 4)
          --seed N            The first iteration's seed (default: 1)
      report [options]        Everything `make race` prints: replays, stress, ThreadSanitizer.
          --iterations N      Stress iterations per variant (default: 150)
          --tsan-binary PATH  A race-lab built with --sanitize=thread, to run the stress under.
          --tsan-iterations N Iterations under ThreadSanitizer (default: 150)
          --out DIR           Where ThreadSanitizer's reports go (default: .build-race)
      explore ENTRY|SCENARIO|all|interleavings|generated  Every schedule of the entry's
                              scenarios (or of one scenario, or of all; interleavings: the
                              scenarios written for exploration, which the exercise checks
                              explore, steps in flight; generated: the scenarios drawn from seeds
                              that the checks explore from exercise 11, generated-N for seed N)
                              up to a bound of deviations from the default order, run one job
                              at a time by the deterministic scheduler. A finding is printed
                              with its schedule (minimal for the search), as lanes, and its
                              replay.
          --variant V         before or after (default: before)
          --bound N           Deviations from the default order, at most (default: 2; 1 with
                              --variant after). An entry with no story in the before variant
                              says so at once.
          --schedule S        Replay one schedule of SCENARIO (4:1,9:2 or default)
          --max-schedules N   Stop, and exit 2, after N schedules (default: 50000)
          --policy P          bounded (the search, default), or random or pct: seeded schedules
                              under the same scheduler, each finding replayable by its schedule
          --seeds N           With random or pct: how many seeds, 1 to N (default: 200)
          --depth D           With pct: the bug depth (default: 2)
          --symptoms-only     Look only for broken expectations and invariants, not for
                              unordered accesses (races seen): how deep the symptom lies.
      explore-bench [--runs N] Runs to the first finding per entry: bounded search, seeded
                              random and PCT schedules under the scheduler (default: 2000).
      fidelity                Small programs on the runtime under the scheduler, beside what
                              the runtime allows: which hops are scheduling points, and what a
                              Task.yield() lets go on. Exit 1 when a statement fails.
      diagnose [--modules DIR] Compile both variants in the Swift 6 mode; the before variant's
                              diagnostics by group and by catalog entry. The after must have none.
      docs                    The catalog as Markdown (docs/races.md is generated from it).

    Options go after the command, as --name value or --name=value. Every command takes --help
    (or: race-lab help COMMAND). Exit codes: 0 success, 1 a check failed, 2 a usage error.
    """

  /// The commands, each with its part of `usage` as its help.
  static let tool = CommandLineTool(
    name: "race-lab", overview: usage,
    commands: [
      "list", "replay", "tsan-replay", "stress", "trace-overhead", "report", "explore",
      "explore-bench", "fidelity",
      "diagnose",
      "docs",
    ].map { CommandLineTool.Command($0, help: help(for: $0)) })

  /// The lines of `usage` that describe `command`: its line and the option lines under it.
  static func help(for command: String) -> String {
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") }) else {
      return usage
    }
    // The command's lines go on while they are indented deeper than the command list.
    let block = [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("   ") }
    return (["race-lab" + block[0].dropFirst(1)] + block.dropFirst().map { String($0) })
      .joined(separator: "\n")
  }

  @MainActor
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      guard
        let (command, options) = try tool.commandToRun(arguments, printingHelpWith: { print($0) })
      else { flushAndExit(0) }
      flushAndExit(try await run(command, options) ? 0 : 1)
    } catch {
      ErrorReport(error, tool: "race-lab", command: tool.knownCommand(in: arguments)).exit()
    }
  }

  /// Runs `command`; true when it succeeded.
  @MainActor
  static func run(_ command: String, _ arguments: ParsedArguments) async throws -> Bool {
    switch command {
    case "list": try listCatalog(arguments)
    case "replay": try await replay(arguments)
    case "tsan-replay": try await threadSanitizerReplay(arguments)
    case "stress": try await stress(StressOptions(parsing: arguments))
    case "trace-overhead": try await TraceOverhead.run(arguments)
    case "report": try await RaceReport.run(arguments)
    case "diagnose": try diagnose(arguments)
    default: try printDocs(arguments)
    }
  }

  static func flushAndExit(_ code: Int32) -> Never {
    fflush(nil)
    exit(code)
  }

  // MARK: list

  static func listCatalog(_ arguments: ParsedArguments) throws -> Bool {
    _ = try arguments.positional()
    for entry in RaceCatalog.entries {
      let detectors = entry.detectors.sorted().map(\.rawValue).joined(separator: ", ")
      print("\(entry.id.padding(toLength: 34, withPad: " ", startingAt: 0)) \(entry.title)")
      print("\(String(repeating: " ", count: 35))caught by: \(detectors)")
    }
    return true
  }

  // MARK: replay

  @MainActor
  static func replay(_ arguments: ParsedArguments) async throws -> Bool {
    var arguments = arguments
    let drawsLanes = try arguments.flag("--lanes")
    let traceFile = try arguments.value("--trace")
    let ids = try arguments.positional()
    let width = replayWidth
    // Lanes and traces cover every entry: one without a replay is drawn from a scenario.
    let drawsEvery = drawsLanes || traceFile != nil
    let entries =
      try ids.isEmpty
      ? (drawsEvery ? RaceCatalog.entries : Replay.replayable)
      : ids.map { id in
        guard let entry = RaceCatalog.entry(id) else {
          throw UsageError("no catalog entry '\(id)'")
        }
        guard entry.detectors.contains(.replay) || drawsEvery else {
          throw UsageError("\(id) has no replay (--lanes draws it from a scenario run)")
        }
        return entry
      }
    var succeeded = true
    var traced: [TracedRun] = []
    for entry in entries {
      let heading = "\(entry.id): \(entry.title)"
      print(WordWrap.lines(heading, width: width, laterWidth: width - 2).joined(separator: "\n  "))
      guard entry.detectors.contains(.replay) else {
        traced += try await scenarioRuns(of: entry)
        print(
          WordWrap.indented(
            "no forced replay: its accesses happen unforced in the \(lanesScenarioID) scenario",
            indent: "  ", width: width))
        if drawsLanes {
          for run in traced.suffix(2) {
            print(run.lanes(style: .standardOutput, width: width), terminator: "")
          }
        }
        continue
      }
      for before in [true, false] {
        let collector = TraceCollector()
        let result = try await collector.collecting { try await Replay.run(entry, before: before) }
        if let trace = collector.traces.last {
          traced.append(TracedRun(entry: entry, result: result, trace: trace))
        }
        let right = result.symptomShown == before
        succeeded = succeeded && right
        let verdict =
          before
          ? (result.symptomShown ? "symptom shown" : "SYMPTOM MISSING")
          : (result.symptomShown ? "SYMPTOM SHOWN" : "correct")
        let prefix =
          "  \(result.side.padding(toLength: 7, withPad: " ", startingAt: 0)) \(right ? "✓" : "✗") "
        // Wrapped between words, hanging under the verdict: a detail runs to 120 columns.
        let lines = WordWrap.lines("\(verdict): \(result.detail)", width: width - prefix.count)
        print(
          lines.enumerated().map { index, line in
            (index == 0 ? prefix : String(repeating: " ", count: prefix.count)) + line
          }.joined(separator: "\n"))
      }
      if drawsLanes {
        for run in traced.suffix(2) {
          print(run.lanes(style: .standardOutput, width: width), terminator: "")
        }
      }
    }
    if let traceFile { try ChromeTrace.write(traced.map(\.named), to: traceFile) }
    return succeeded
  }

  /// The columns a replay's lines fit: the terminal's (`COLUMNS`, else its own width, else 80
  /// in a pipe or a file), never below 60, where lane labels would lose too much.
  static var replayWidth: Int { max(60, TerminalWidth.standardOutput) }

  // MARK: tsan-replay

  /// Runs the schedules; ThreadSanitizer, if built in, reports on standard error. Succeeds
  /// when each schedule ran as forced on the before side (the report reads the sanitizer's log).
  @MainActor
  static func threadSanitizerReplay(_ arguments: ParsedArguments) async throws -> Bool {
    var arguments = arguments
    let variants = try StressOptions.variants(from: arguments.value("--variant") ?? "both")
    let ids = try arguments.positional()
    let entries =
      try ids.isEmpty
      ? Replay.threadSanitizerSchedules
      : ids.map { id in
        guard let entry = RaceCatalog.entry(id) else {
          throw UsageError("no catalog entry '\(id)'")
        }
        guard entry.detectors.contains(.threadSanitizer) else {
          throw UsageError("\(id) does not claim ThreadSanitizer")
        }
        return entry
      }
    var succeeded = true
    for entry in entries {
      for variant in variants {
        let result = try await Replay.runForThreadSanitizer(entry, on: variant)
        if variant == .before && !result.symptomShown { succeeded = false }
        print("\(entry.id) on \(variant): \(result.detail)")
      }
    }
    return succeeded
  }

  /// The scenario that draws the entries with no forced replay: a whole day, every kind of step.
  static let lanesScenarioID = "day-of-coffee"

  /// The before and after runs of the lanes scenario, traced, for `entry`.
  @MainActor
  static func scenarioRuns(of entry: RaceEntry) async throws -> [TracedRun] {
    guard let scenario = Scenario.named(lanesScenarioID) else { return [] }
    var runs: [TracedRun] = []
    for variant in Variant.all {
      let collector = TraceCollector()
      _ = try await collector.collecting { try await ScenarioRunner.run(scenario, on: variant) }
      guard let trace = collector.traces.last else { continue }
      runs.append(
        TracedRun(
          entry: entry, side: variant.name,
          detail: "(the \(lanesScenarioID) scenario: the racing steps happen, unforced)",
          trace: trace))
    }
    return runs
  }

  // MARK: stress

  @MainActor
  static func stress(_ options: StressOptions) async throws -> Bool {
    let configuration = options.configuration
    let quiet = options.quiet
    let markIterations = options.marksIterations
    let confirmations = options.confirmations
    let variants = options.variants
    if options.drawsLanes {
      return try await StressLanes.draw(
        variants: variants, configuration: configuration, traceFile: options.traceFile)
    }

    var succeeded = true
    for variant in variants {
      print(
        "stress \(variant): up to \(configuration.iterations) iterations from seed \(configuration.seed), \(Int(configuration.timeBudget)) s budget, scheduler \(configuration.scheduler)"
      )
      let step = max(1, configuration.iterations / 10)
      let report = try await Stress.run(on: variant, configuration: configuration) {
        iteration, findings in
        if markIterations {
          FileHandle.standardError.write(Data("\(ThreadSanitizerRun.iterationMarker)\n".utf8))
        }
        if !quiet && iteration % step == 0 {
          print("  \(iteration)/\(configuration.iterations) iterations, \(findings) findings")
        }
      }
      print(StressSummary(report: report).text)
      if variant == .after && !report.findings.isEmpty { succeeded = false }
      if confirmations > 0 && !report.findings.isEmpty {
        var always = 0
        for finding in report.findings {
          let reproduced = try await Stress.confirm(
            finding, on: variant, times: confirmations,
            actions: configuration.actionsPerIteration, scheduler: configuration.scheduler)
          if reproduced == confirmations { always += 1 }
          if !quiet {
            print("    \(reproduced)/\(confirmations) reruns: \(finding)")
          }
        }
        print(
          "  \(variant): \(always) of \(report.findings.count) findings recurred in all \(confirmations) reruns of their seed"
        )
      }
    }
    return succeeded
  }

  // MARK: diagnose

  static func diagnose(_ arguments: ParsedArguments) throws -> Bool {
    var arguments = arguments
    let modules =
      try arguments.value("--modules").map { URL(fileURLWithPath: $0) } ?? builtModulesDirectory
    _ = try arguments.positional()
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var succeeded = true
    for variant in ["before", "after"] {
      let report = try CompilerRun.run(
        variant: variant, packageRoot: root, modulesDirectory: modules)
      print(report.render(width: TerminalWidth.standardOutput))
      print()
      succeeded = succeeded && report.isAsExpected
    }
    return succeeded
  }

  /// The modules `swift build` put beside this executable: the variants' dependencies.
  static var builtModulesDirectory: URL {
    let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    return executable.deletingLastPathComponent().appendingPathComponent("Modules")
  }

  // MARK: docs

  static func printDocs(_ arguments: ParsedArguments) throws -> Bool {
    _ = try arguments.positional()
    print(RaceDocs.markdown, terminator: "")
    return true
  }
}
