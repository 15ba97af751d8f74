import CheckReporting
import DeterministicScheduling
import Foundation

/// Exploration in a kata's check: the learner's code under the deterministic scheduler, in every
/// schedule of each scenario within its bound of deviations from the default order, then seeded
/// PCT runs for depth. The budget is counted in schedules, never in seconds: the same verdict on
/// every run and every machine.
///
/// The scheduler's executors are chosen once per process, before any task, and the check's other
/// tests need the runtime's own; so the check runs its executable again as a child that installs
/// them first thing (`exploreIfChild()`, the first line of the check's `main.swift`), explores,
/// prints a verdict per scenario, and exits. `outcome(of:)` reads a scenario's verdict.
public struct KataExploration: Sendable {
  /// The kata's id, as `lab check` takes it.
  public let kata: String
  public let scenarios: [ExplorationScenario]

  /// The depth and span of the seeded PCT runs after the search.
  static let pctDepth = 3
  static let pctExpectedSteps = 60

  public init(kata: String, scenarios: [ExplorationScenario]) {
    self.kata = kata
    self.scenarios = scenarios
  }

  /// Set in the child's environment: explore and exit.
  static let childVariable = "LAB_EXPLORE_CHILD"

  /// In the child, explores (or replays the schedule `LAB_EXPLORE_REPLAY` names) and exits;
  /// elsewhere starts the child and returns at once. Call it first thing in `main.swift`, before
  /// any task exists.
  public func exploreIfChild() {
    guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else {
      // In the check itself: the child explores beside the other checks (two cores do twice
      // the work); `outcome(of:)` reads its verdicts when their turn comes.
      Self.child.start()
      return
    }
    Self.exitWithParent()
    guard ExploringExecutors.install() else {
      print("EXPLORE-UNAVAILABLE")
      exit(0)
    }
    if let replay = ProcessInfo.processInfo.environment[LabEnvironment.exploreReplay] {
      let parts = replay.split(separator: "@", maxSplits: 1).map(String.init)
      guard parts.count == 2, let scenario = scenarios.first(where: { $0.name == parts[0] }),
        let schedule = Schedule(parsing: parts[1])
      else {
        print("EXPLORE-BAD-REPLAY \(replay)")
        exit(0)
      }
      let defaultRun = ExplorationRun.play(scenario, policy: .following(.defaultOrder))
      let run = ExplorationRun.play(scenario, policy: .following(schedule))
      print("EXPLORE-SCENARIO \(scenario.name) \(run.isFinding ? "FINDING 1" : "REPLAY-PASSED")")
      for line in describe(run, defaultRun: defaultRun, isReplay: true) { print("| " + line) }
      exit(0)
    }
    for scenario in scenarios {
      for line in explore(scenario) { print(line) }
      fflush(nil)
    }
    exit(0)
  }

  /// One scenario's verdict lines: the search within its bound, then the seeded runs.
  func explore(_ scenario: ExplorationScenario) -> [String] {
    let search = ScheduleSearch.search(
      [scenario], bound: scenario.bound, maximumSchedules: scenario.maximumSchedules,
      run: { Self.playAnnounced($0, policy: $1) }, readyCounts: \.searchedReadyCounts,
      isFinding: \.isFinding)
    var schedulesRun = search.schedulesRun
    var finding = search.finding
    var schedulesToFinding = search.schedulesToFinding
    if finding == nil {
      // Then depth: seeded PCT runs (seeds 1, 2, ...), the same on every run.
      let sampled = ScheduleSearch.sample(
        [scenario], runs: scenario.seededRuns,
        policy: {
          .pct(seed: $0, depth: Self.pctDepth, expectedSteps: Self.pctExpectedSteps)
        },
        run: { Self.playAnnounced($0, policy: $1) },
        isFinding: \.isFinding)
      schedulesToFinding = sampled.schedulesToFinding.map { $0 + schedulesRun }
      schedulesRun += sampled.schedulesRun
      finding = sampled.finding.map(Self.shrink)
    }
    guard let run = finding else {
      let cap = search.stoppedAtCap ? " cap" : ""
      return ["EXPLORE-SCENARIO \(scenario.name) PASS \(schedulesRun) \(scenario.bound)\(cap)"]
    }
    let defaultRun = ExplorationRun.play(scenario, policy: .following(.defaultOrder))
    return ["EXPLORE-SCENARIO \(scenario.name) FINDING \(schedulesToFinding ?? schedulesRun)"]
      + describe(run, defaultRun: defaultRun, isReplay: false).map { "| " + $0 }
  }

  /// A seeded run's finding with as few deviations as it can keep: drops them one at a time,
  /// last first, as long as the run still breaks something, until none can go (each drop is one
  /// more run, the same on every run). The search's findings are minimal already.
  static func shrink(_ run: ExplorationRun) -> ExplorationRun {
    var best = run
    var shrank = true
    while shrank {
      shrank = false
      for index in best.record.schedule.deviations.indices.reversed() {
        var deviations = best.record.schedule.deviations
        guard index < deviations.count else { continue }
        deviations.remove(at: index)
        let candidate = playAnnounced(best.scenario, policy: .following(Schedule(deviations)))
        if candidate.isFinding,
          candidate.record.schedule.deviations.count < best.record.schedule.deviations.count
        {
          best = candidate
          shrank = true
        }
      }
    }
    return best
  }

  /// Plays one schedule, saying first which: should the learner's code crash this process, the
  /// check names the schedule that crashed it.
  static func playAnnounced(
    _ scenario: ExplorationScenario, policy: SchedulingPolicy
  ) -> ExplorationRun {
    switch policy {
    case .following(let schedule): print("EXPLORE-TRYING \(scenario.name)@\(schedule)")
    default: print("EXPLORE-TRYING \(scenario.name) (\(policy))")
    }
    fflush(nil)
    return ExplorationRun.play(scenario, policy: policy)
  }

  /// What a learner reads of a run: what broke, in the app's words; the scenario; the schedule's
  /// deviations in words; what ran, lane by lane, in order; the lesson; the replay command.
  func describe(_ run: ExplorationRun, defaultRun: ExplorationRun, isReplay: Bool) -> [String] {
    let scenario = run.scenario
    var lines = run.problems.flatMap { problem in
      let detail = problem.split(separator: "\n").map(String.init)
      return ["  - \(detail.first ?? "")"] + detail.dropFirst().map { "    " + $0 }
    }
    lines.append("  Scenario \(scenario.name): \(scenario.summary)")
    lines += scenario.steps.enumerated().map { "    \($0 + 1). \($1)" }
    let schedule = run.record.schedule
    let count = schedule.deviations.count
    lines.append(
      "  Schedule \(schedule): \(count) deviation\(count == 1 ? "" : "s") from the default order "
        + "(oldest ready job first, later events last).")
    if let divergence = Self.firstDivergence(run.story.events, from: defaultRun.story.events) {
      lines.append("    " + divergence)
    }
    lines.append("  What ran, in order (each line in its lane):")
    lines += Self.lanes(run.story.events).map { "    " + $0 }
    lines.append(
      "  An explored order is a possible one: every await is a point where another job may run.")
    lines.append("  " + scenario.advice)
    if !isReplay {
      lines.append(
        "  Replay exactly this run (add a print, run it again): swift run lab check \(kata) "
          + "--schedule '\(scenario.name)@\(schedule)'")
    }
    return lines
  }

  /// The first event where this run leaves the default order, in words.
  static func firstDivergence(
    _ events: [ExplorationStory.Event], from defaultEvents: [ExplorationStory.Event]
  ) -> String? {
    for (index, event) in events.enumerated() {
      guard index < defaultEvents.count else { return nil }
      let expected = defaultEvents[index]
      if event != expected {
        return "Here \"\(event.text)\" (\(event.lane)) came where the default order has "
          + "\"\(expected.text)\" (\(expected.lane)): everything from there on can differ."
      }
    }
    return nil
  }

  /// The events as columns, one per lane, in the order the lanes first appear.
  static func lanes(_ events: [ExplorationStory.Event]) -> [String] {
    var order: [String] = []
    for event in events where !order.contains(event.lane) { order.append(event.lane) }
    let width = 34
    let header = order.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }
    var lines = [header.joined().trimmingCharacters(in: .whitespaces)]
    for (index, event) in events.enumerated() {
      let column = order.firstIndex(of: event.lane) ?? 0
      let indent = String(repeating: " ", count: column * width)
      lines.append(String(format: "%2d ", index + 1) + indent + event.text)
    }
    lines[0] = "   " + lines[0]
    return lines
  }

  // MARK: The check's side

  /// The check's outcome for `scenario`: the verdict the child printed for it.
  @MainActor public func outcome(of scenario: String) throws -> CheckOutcome {
    precondition(
      scenarios.contains { $0.name == scenario }, "no scenario to explore is named '\(scenario)'")
    CheckSuite.waiting(
      for: "the exploring process: under the scheduler one job runs at a time, and a thread of "
        + "your code that blocks (a semaphore, a lock wait) never gives the turn back")
    let (process, data, errors) = try Self.child.finish()
    let lines = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.first(where: { $0.hasPrefix("EXPLORE-") }) == "EXPLORE-UNAVAILABLE" {
      // A toolchain or OS without the executor interface: the kata's other checks still judge.
      CheckSuite.note(
        "not explored: this toolchain or OS has no custom executor interface (Swift 6.3's "
          + "ExecutorFactory); the other checks still judge your code")
      return .pass
    }
    if let bad = lines.first(where: { $0.hasPrefix("EXPLORE-BAD-REPLAY ") }) {
      return .fail(
        "--schedule takes SCENARIO@SCHEDULE as a failure prints it, such as "
          + "\(scenarios[0].name)@3:1; got \(bad.dropFirst("EXPLORE-BAD-REPLAY ".count)) "
          + "(scenarios: \(scenarios.map(\.name).joined(separator: ", ")))")
    }
    let prefix = "EXPLORE-SCENARIO \(scenario) "
    guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else {
      if ProcessInfo.processInfo.environment[LabEnvironment.exploreReplay] != nil {
        CheckSuite.note("not explored: this run replays one schedule of another scenario")
        return .pass
      }
      let trying = lines.last { $0.hasPrefix("EXPLORE-TRYING ") }
        .map { String($0.dropFirst("EXPLORE-TRYING ".count)) }
      let replay =
        trying.map { run in
          run.contains("@")
            ? " in the run \(run); replay exactly it: swift run lab check \(kata) --schedule "
              + "'\(run)'"
            : " in the run \(run)"
        } ?? ""
      // The runtime's reason, such as "Fatal error: …" or "…: Precondition failed: …".
      let reason = String(decoding: errors, as: UTF8.self).split(separator: "\n")
        .filter { $0.contains("error") || $0.contains("failed") }.prefix(3).map(String.init)
      let printed = reason + lines.filter { !$0.hasPrefix("EXPLORE-") && !$0.isEmpty }.suffix(20)
      return .fail(
        "Your code crashed the exploring process (it ended with "
          + "\(process.terminationReason == .exit ? "exit" : "signal") "
          + "\(process.terminationStatus))\(replay)"
          + (printed.isEmpty ? "" : ":\n" + printed.joined(separator: "\n")))
    }
    let words = lines[index].dropFirst(prefix.count).split(separator: " ").map(String.init)
    let body = lines[(index + 1)...].prefix { $0.hasPrefix("| ") }.map { String($0.dropFirst(2)) }
    switch words.first ?? "" {
    case "PASS":
      return .pass
    case "REPLAY-PASSED":
      // A replay is deterministic: code that passes it now has stopped breaking that schedule.
      CheckSuite.note("the replayed schedule breaks nothing in your code now:")
      for line in body { CheckSuite.note(line) }
      return .pass
    default:
      if ProcessInfo.processInfo.environment[LabEnvironment.exploreReplay] != nil {
        return .fail(
          "The replayed schedule broke what the app promises:\n" + body.joined(separator: "\n"))
      }
      let count = words.dropFirst().first ?? "?"
      return .fail(
        "After \(count) explored schedules, one broke what the app promises:\n"
          + body.joined(separator: "\n"))
    }
  }

  /// The exploring child of this check process: started first thing, read when its checks run.
  static let child = ExploringProcess()

  /// In the child: exits when the check that started it is gone (it crashed, or `lab` stopped
  /// it as hung), so that no exploration outlives its check.
  static func exitWithParent() {
    let parent = getppid()
    Thread.detachNewThread {
      while getppid() == parent { usleep(100_000) }
      exit(3)
    }
  }
}
