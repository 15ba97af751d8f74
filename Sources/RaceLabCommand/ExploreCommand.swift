import CheckReporting
import CoffeeScenarios
import CommandLineSupport
import DeterministicScheduling
import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform

/// `race-lab explore`: every schedule of a catalog entry's scenarios (or of one scenario) up to
/// a bound of deviations from the default order, run one job at a time by the deterministic
/// scheduler; a finding is printed with its minimal schedule, drawn as lanes, and the command
/// that replays it. Runs on a thread of its own: the main lane is the main queue's.
/// The k over which PCT spreads its change points under the scheduler: about the decision points
/// of a scenario run (the longest, day-of-coffee in flight, has about 60).
enum PCTSteps {
  static let expected = 60
}

enum ExploreCommand {

  /// Runs the command; the process's exit code.
  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    var arguments = arguments
    let variantName = try arguments.value("--variant") ?? "before"
    guard let variant = Variant.named(variantName) else {
      throw UsageError("--variant is before or after, not '\(variantName)'")
    }
    // The after variant's stories are as long as the before's, and it breaks nothing: every
    // schedule within two deviations is many times those within one (the interleavings: 56,473
    // at bound 2 in 9 min 41 s; an entry's story at bound 1: 3,118, about 30 s), so one is its
    // default.
    let bound = try arguments.number("--bound", as: Int.self) ?? (variant.name == "after" ? 1 : 2)
    guard (0...6).contains(bound) else { throw UsageError("--bound takes 0 to 6, not \(bound)") }
    let cap = try arguments.number("--max-schedules", as: Int.self) ?? 50_000
    let scheduleText = try arguments.value("--schedule")
    let seesRaces = try !arguments.flag("--symptoms-only")
    let policyName = try arguments.value("--policy") ?? "bounded"
    let seeds = try arguments.number("--seeds", as: Int.self) ?? 200
    let depth = try arguments.number("--depth", as: Int.self) ?? 2
    guard ["bounded", "random", "pct"].contains(policyName) else {
      throw UsageError("--policy is bounded, random or pct, not '\(policyName)'")
    }
    guard seeds > 0, depth >= 1 else { throw UsageError("--seeds and --depth take 1 or more") }
    let names = try arguments.positional(max: 1)
    guard let name = names.first else {
      throw UsageError("explore needs a catalog entry, a scenario, or all (race-lab list)")
    }
    let style = TerminalStyle(
      isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)

    if let scheduleText {
      guard let schedule = Schedule(parsing: scheduleText) else {
        throw UsageError("--schedule is a list such as 4:1,9:2 (decision:choice), or default")
      }
      guard let target = ExplorationTarget.named(name, variant: variant) else {
        throw UsageError("--schedule replays a scenario; '\(name)' is not one")
      }
      return replay(target, schedule: schedule, seesRaces: seesRaces, style: style)
    }

    let entry = RaceCatalog.entry(name)
    if let entry, variant.name == "before", entry.explored == nil {
      // Said at once rather than found out by a search that cannot end in a finding.
      printFitted(
        "\(entry.id) has no story in the before variant's scenarios: its code is the catalog's "
          + "own, not the app's (\(entry.location)). `race-lab replay \(entry.id)` plays it; "
          + "`--variant after` explores the after variant's scenarios of it.")
      return 0
    }
    let targets: [ExplorationTarget]
    if let entry {
      targets = ExplorationTarget.story(of: entry, variant: variant)
    } else if name == "all" {
      targets = ExplorationTarget.all(variant: variant)
    } else if name == "all+in-flight" {
      targets = ExplorationTarget.allInFlight(variant: variant)
    } else if name == "interleavings" || name == "generated" {
      let scenarios = name == "generated" ? Scenario.generated : Scenario.interleavings
      targets = scenarios.map {
        ExplorationTarget(scenario: $0, variant: variant, pacing: .inFlight)
      }
    } else if let scenario = Scenario.named(name) {
      targets = [false, true].map {
        ExplorationTarget(scenario: scenario, variant: variant, stepsInFlight: $0)
      }
    } else if let target = ExplorationTarget.named(name, variant: variant) {
      targets = [target]
    } else {
      throw UsageError("no catalog entry or scenario '\(name)' (race-lab list; coffee-demo --list)")
    }
    let lookingFor =
      entry.map { "a run that shows \($0.id)" } ?? "a run that breaks an expectation or invariant"
    // An escape or a hang is always a finding; otherwise the entry's, or any.
    let matches: (ExploredRun.Finding) -> Bool = { finding in
      finding.kind == .escape || finding.kind == .hang || entry == nil
        || finding.entryID == entry?.id
    }
    let report: Explorer.Report
    if policyName == "bounded" {
      printFitted(
        "Exploring \(Wording.count(targets.count, "scenario run"))"
          + " on the \(variant) variant: every schedule with at most "
          + "\(Wording.count(bound, "deviation")) from the default order, looking for "
          + "\(lookingFor).")
      report = Explorer.search(
        targets, bound: bound, maximumSchedules: cap, tracksHappensBefore: seesRaces,
        matches: matches,
        progress: { target, runs in
          FileHandle.standardError.write(
            Data("  … \(target.name) (\(runs) schedules so far)\n".utf8))
        })
    } else {
      // Sampling under the same scheduler: each seed's run is still exactly replayable, by the
      // schedule it took. Unordered accesses are the search's; a sample looks for symptoms.
      printFitted(
        "Sampling \(Wording.count(seeds, "seeded schedule")) (\(policyName)) over "
          + "\(Wording.count(targets.count, "scenario run")) on the \(variant) variant, looking "
          + "for \(lookingFor).")
      report = Explorer.sample(
        targets, runs: seeds,
        policy: { seed in
          policyName == "random"
            ? .random(seed: seed)
            : .pct(seed: seed, depth: depth, expectedSteps: PCTSteps.expected)
        },
        matches: { matches($0) && $0.kind != .unorderedAccesses })
    }
    // The rate goes to standard error: standard output is the same on every run.
    let rate = report.seconds > 0 ? Double(report.schedulesRun) / report.seconds : 0
    FileHandle.standardError.write(
      Data(
        String(
          format: "%d schedules in %.2f s: %.0f schedules per second\n", report.schedulesRun,
          report.seconds, rate
        ).utf8))
    guard let run = report.finding else {
      if policyName != "bounded" {
        printFitted(
          "No sampled schedule broke anything: \(Wording.count(report.schedulesRun, "schedule")) "
            + "run; sampling proves nothing of the schedules it did not run.")
        return 0
      }
      if report.stoppedAtCap {
        printFitted(
          "Stopped at --max-schedules \(cap) before covering the bound: "
            + "\(report.targetsCovered.count) of \(targets.count) scenario runs covered, no finding."
        )
        return 2
      }
      printFitted(
        "No schedule broke anything: \(Wording.count(report.schedulesRun, "schedule")) explored, "
          + "every one within \(Wording.count(bound, "deviation")), over "
          + "\(Wording.count(targets.count, "scenario run")).")
      return 0
    }
    printFitted(
      "Found after \(Wording.count(report.schedulesToFinding ?? 0, "schedule")), in "
        + "\(run.target)" + (Scenario.generatedName(of: run.target.scenario.id) != nil ? "." : ":"))
    guard policyName == "bounded",
      let shrunk = GeneratedShrinker.shrink(
        run, bound: bound, maximumSchedules: cap, tracksHappensBefore: seesRaces,
        matches: matches,
        progress: { FileHandle.standardError.write(Data("  … shrinking: \($0)\n".utf8)) })
    else {
      printRun(run, entry: entry, seesRaces: seesRaces, style: style)
      return 1
    }
    printShrunk(shrunk)
    printRun(shrunk.run, entry: entry, seesRaces: seesRaces, style: style)
    return 1
  }

  /// Replays one schedule of one target and prints what it did.
  static func replay(
    _ target: ExplorationTarget, schedule: Schedule, seesRaces: Bool, style: TerminalStyle
  ) -> Int32 {
    let run = ExploredRun.run(target, policy: .following(schedule), tracksHappensBefore: seesRaces)
    printFitted("Replaying \(target) with schedule \(schedule):")
    printRun(run, entry: nil, seesRaces: seesRaces, style: style)
    return run.findings.isEmpty ? 0 : 1
  }

  static func printRun(
    _ run: ExploredRun, entry: RaceEntry?, seesRaces: Bool, style: TerminalStyle
  ) {
    let schedule = run.record.schedule
    let shown = run.findings.filter { finding in
      entry == nil || finding.entryID == entry?.id || finding.kind == .hang
        || finding.kind == .escape
    }
    let width = TerminalWidth.standardOutput
    for finding in shown {
      for (index, line) in WordWrap.lines("\(finding)", width: width - 4).enumerated() {
        print((index == 0 ? "  - " : "    ") + style.alarm(line))
      }
    }
    printFitted(
      "  Schedule: \(schedule) (\(Wording.count(schedule.deviations.count, "deviation")) from "
        + "the default order, \(Wording.count(run.record.steps.count, "step")))")
    for note in run.record.deviationNotes {
      for (index, line) in WordWrap.lines(note, width: width - 6).enumerated() {
        print((index == 0 ? "    " : "      ") + line)
      }
    }
    // The racing rows of the entry a finding names, whether the run was found by a search for
    // that entry or replayed: a replay draws the same rows and marks as the finding it replays.
    let marked = entry ?? shown.compactMap(\.entryID).first.flatMap(RaceCatalog.entry)
    let noneRacing: @Sendable (TraceEvent) -> Bool = { _ in false }
    let racing = marked?.isRacingAccess ?? noneRacing
    var diagram = LaneDiagram(
      trace: run.trace, title: "\(run.target): what ran where, in the explored order",
      isRacing: racing)
    diagram.showsKey = marked != nil
    diagram.width = width
    print(([""] + diagram.render(style: style)).joined(separator: "\n"))
    // The limits of what an explored order means, where the learner reads the order.
    let limits =
      "An explored order is a possible one, not a likely one: it may need contention to happen "
      + "on a device. A job runs to its next checkpoint without preemption; a hop out of a "
      + "default actor may run inline, as the runtime runs it (race-lab fidelity); memory is "
      + "sequentially consistent."
    print("")
    for line in WordWrap.lines(limits, width: width - 2) { print("  " + style.dim(line)) }
    print(
      "\n  Replay exactly this run: swift run race-lab explore \(run.target.name) --variant "
        + "\(run.target.variant) --schedule \(schedule)" + (seesRaces ? "" : " --symptoms-only"))
  }

  /// Says what shrinking a generated scenario's finding left, step by step, in the app's words.
  static func printShrunk(_ shrunk: GeneratedShrinker.Result) {
    let scenario = shrunk.run.target.scenario
    printFitted(
      "Shrunk from \(Wording.count(shrunk.stepsBefore, "drawn step")) to "
        + "\(shrunk.stepsAfter) (\(Wording.count(shrunk.searches, "search", plural: "searches")), "
        + "\(Wording.count(shrunk.schedules, "schedule"))): \(scenario.id), which still breaks. "
        + "Its steps, then the end every generated scenario has:")
    for (number, step) in scenario.steps.enumerated() {
      let lines = WordWrap.lines("\(step)", width: TerminalWidth.standardOutput - 8)
      for (index, line) in lines.enumerated() {
        print((index == 0 ? String(format: "  %3d. ", number + 1) : "       ") + line)
      }
    }
  }

  /// Prints `text` fitted to the terminal's width (`COLUMNS`, else 80), broken between words.
  static func printFitted(_ text: String) {
    for line in WordWrap.fit(text, width: TerminalWidth.standardOutput) { print(line) }
  }
}
