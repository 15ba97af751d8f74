import CoffeeScenarios
import DeterministicScheduling
import Foundation
import LabCheckKit
import LabTrace
import RaceLab
import SimulatedPlatform

/// Exploration in a check: the learner's app, under the deterministic scheduler of `race-lab
/// explore`, in every schedule of a few scenarios of the behaviour suite within one deviation
/// from the default order, its steps settled and in flight. The same schedules on every run and
/// every machine: a verdict counted in schedules, never in seconds.
///
/// The scheduler's executors are chosen once per process, before any task, and the other checks
/// need the runtime's own; so the check runs its executable again as a child that installs them
/// first thing (`exploreIfAsked`, the first line of a check's `main.swift`), explores, prints
/// what it found, and exits.
public enum ExplorationCheck {
  public static let title =
    "every order of the app's work in six scenario runs, within one deviation from the default "
    + "order, keeps the app's rules"

  /// The scenarios explored: a launch, a drink added, a health sync, a background refresh, and
  /// with their steps in flight together (actions close together), a drink added and the
  /// scripted day, where loads, saves and a refresh overlap.
  public static let targets = [
    "first-launch", "add-drink-active", "health-sync-adds", "background-refresh",
    "add-drink-active+in-flight", "day-of-coffee+in-flight",
  ]
  /// Deviations from the default order, at most.
  public static let bound = 1

  /// Set in the child's environment: explore and exit.
  static let childVariable = "LAB_EXPLORE_CHILD"
  /// `TARGET@SCHEDULE`: replay one schedule instead, and show it whole (the learner's command).
  public static let replayVariable = "LAB_EXPLORE_REPLAY"

  /// In the child, explores `variant` and exits; elsewhere returns at once. Call it first thing
  /// in `main.swift`, before any task exists.
  public static func exploreIfAsked(_ variant: Variant) {
    guard ProcessInfo.processInfo.environment[childVariable] != nil else { return }
    guard ExploringExecutors.install() else {
      print("EXPLORE-UNAVAILABLE")
      exit(0)
    }
    if FileManager.default.isWritableFile(atPath: "/dev/shm") {
      setenv("TMPDIR", "/dev/shm", 1)
    }
    let replay = ProcessInfo.processInfo.environment[replayVariable]
    if let replay {
      guard let (target, schedule) = parse(replay, variant: variant) else {
        print("EXPLORE-BAD-REPLAY \(replay)")
        exit(0)
      }
      let run = ExploredRun.run(target, policy: .following(schedule))
      guard !run.findings.isEmpty else {
        print("EXPLORE-REPLAY-PASSED \(target.name)@\(schedule)")
        exit(0)
      }
      print("EXPLORE-FINDING 1")
      for line in describe(run) { print(line) }
      exit(0)
    }
    let explored = targets.compactMap { ExplorationTarget.named($0, variant: variant) }
    let report = Explorer.search(explored, bound: bound, matches: { _ in true })
    guard let run = report.finding else {
      print("EXPLORE-PASS \(report.schedulesRun)")
      exit(0)
    }
    print("EXPLORE-FINDING \(report.schedulesToFinding ?? report.schedulesRun)")
    for line in describe(run) { print(line) }
    exit(0)
  }

  /// The check's outcome: runs this executable again as the child and reads its verdict.
  public static func outcome() throws -> CheckOutcome {
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.environment = ProcessInfo.processInfo.environment.merging([childVariable: "1"]) {
      $1
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard process.terminationReason == .exit, process.terminationStatus == 0,
      let verdict = lines.first(where: { $0.hasPrefix("EXPLORE-") })
    else {
      return .fail(
        "Your app crashed under one of the explored schedules (exit "
          + "\(process.terminationStatus)); what it printed:\n"
          + lines.suffix(20).joined(separator: "\n"))
    }
    if verdict.hasPrefix("EXPLORE-PASS") || verdict.hasPrefix("EXPLORE-UNAVAILABLE") {
      // Where the scheduler cannot install, the other checks still judge: say so in the log.
      if verdict.hasPrefix("EXPLORE-UNAVAILABLE") {
        print("(not explored: this toolchain or OS has no custom executor interface)")
      }
      return .pass
    }
    if verdict.hasPrefix("EXPLORE-REPLAY-PASSED") {
      return .fail("The schedule \(verdict.dropFirst(22)) broke nothing: the replay passed.")
    }
    if verdict.hasPrefix("EXPLORE-BAD-REPLAY") {
      return .fail(
        "\(replayVariable) is TARGET@SCHEDULE, such as add-drink-active+in-flight@3:1; not "
          + "\(verdict.dropFirst(19))")
    }
    let body = lines.drop { !$0.hasPrefix("EXPLORE-FINDING") }.dropFirst()
    let count = verdict.split(separator: " ").last.map(String.init) ?? "?"
    return .fail(
      "After \(count) explored schedules, one broke a rule of the app:\n"
        + body.joined(separator: "\n"))
  }

  /// What a learner reads of a finding: what a user would see, the schedule drawn as lanes,
  /// and the command that replays exactly it.
  static func describe(_ run: ExploredRun) -> [String] {
    var lines: [String] = []
    for finding in run.findings {
      lines.append("  - \(finding.what): \(finding.detail)")
    }
    let schedule = run.record.schedule
    lines.append("  In \(run.target.name), with schedule \(schedule):")
    for note in run.record.deviationNotes { lines.append("    \(note)") }
    var diagram = LaneDiagram(
      trace: run.trace, title: "what your app ran where, in that order", isRacing: { _ in false })
    diagram.showsOnlyRacing = false
    lines += diagram.render(style: .plain).map { "  " + $0 }
    lines.append(
      "  An explored order is a possible one: every hop is a scheduling point, so it may need "
        + "contention to happen on a device.")
    lines.append(
      "  Replay exactly this run (add a print, run it again): "
        + "\(replayVariable)='\(run.target.name)@\(schedule)' swift run lab check")
    return lines
  }

  static func parse(_ text: String, variant: Variant) -> (ExplorationTarget, Schedule)? {
    let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
    guard parts.count == 2, let target = ExplorationTarget.named(parts[0], variant: variant),
      let schedule = Schedule(parsing: parts[1])
    else { return nil }
    return (target, schedule)
  }
}
