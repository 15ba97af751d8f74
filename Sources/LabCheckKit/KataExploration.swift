import CheckReporting
import DeterministicScheduling
import Foundation

/// Exploration in a kata's check: the learner's code under the deterministic scheduler, in every
/// schedule of each scenario within its bound of deviations from the default order, then seeded
/// PCT runs for depth. The budget is counted in schedules, never in seconds: the same verdict on
/// every run and every machine.
///
/// It explores in the check's exploring child (`ExploringChild`): `exploreIfChild()`, first thing
/// in the check's `main.swift`, starts it (or finds its verdicts of the last check of this very
/// executable); in the child it explores every scenario, one verdict per scenario, and exits.
/// `outcome(of:)` reads a scenario's verdict.
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

  /// The command that checks this kata, which a replay adds `--schedule` to.
  var checkCommand: String { "swift run lab check \(kata)" }

  /// Call it first thing in `main.swift`, before any task exists. In the check, starts the
  /// exploring child and returns; in the child, explores every scenario (or replays the schedule
  /// `lab check KATA --schedule 'SCENARIO@SCHEDULE'` names), reports a verdict per scenario and
  /// exits.
  ///
  /// Two children explore, each every other scenario: on two cores, about twice as fast.
  public func exploreIfChild() {
    ExploringChild.exploreIfChild(shards: 2) { replay, report in
      guard let replay else {
        var blocked: String?
        let shard = ExploringChild.shard
        for (index, scenario) in scenarios.enumerated() where index % shard.count == shard.index {
          // A run that blocked keeps the scheduler: no other run can start in this process.
          if let blocked {
            report(
              scenario.name,
              ExplorationVerdict(
                .crashed,
                report: [
                  "Not explored: a run of the scenario \(blocked) blocked the thread that runs "
                    + "the app's jobs, and no other run can start; the check that explores "
                    + "\(blocked) says where"
                ]))
            continue
          }
          report(scenario.name, explore(scenario))
          if DeterministicScheduler.isRunning { blocked = scenario.name }
        }
        return
      }
      let parts = replay.split(separator: "@", maxSplits: 1).map(String.init)
      guard parts.count == 2, let scenario = scenarios.first(where: { $0.name == parts[0] }),
        let schedule = Schedule(parsing: parts[1])
      else {
        let names = scenarios.map(\.name).joined(separator: ", ")
        for scenario in scenarios {
          report(
            scenario.name,
            ExplorationVerdict(.badReplay, report: ["\(replay) (this kata's scenarios: \(names))"]))
        }
        return
      }
      let defaultRun = Self.playAnnounced(scenario, policy: .following(.defaultOrder))
      // A run that blocked keeps the scheduler: the replay is that run.
      let run =
        defaultRun.isBlocked
        ? defaultRun : Self.playAnnounced(scenario, policy: .following(schedule))
      report(
        scenario.name,
        ExplorationVerdict(
          run.isFinding ? .finding : .replayPassed, schedules: 1,
          report: describe(run, defaultRun: defaultRun, isReplay: true)))
    }
  }

  /// One scenario's verdict: the search within its bound, then the seeded runs.
  func explore(_ scenario: ExplorationScenario) -> ExplorationVerdict {
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
    guard let run = finding else { return ExplorationVerdict(.passed, schedules: schedulesRun) }
    // A run that blocked keeps the scheduler: no default run to compare it with.
    let defaultRun =
      run.isBlocked ? run : ExplorationRun.play(scenario, policy: .following(.defaultOrder))
    return ExplorationVerdict(
      .finding, schedules: schedulesToFinding ?? schedulesRun,
      report: describe(run, defaultRun: defaultRun, isReplay: false))
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
        // A run that blocked keeps the scheduler: it is the last run of this process.
        if candidate.isBlocked { return candidate }
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
    case .following(let schedule): ExploringChild.trying("\(scenario.name)@\(schedule)")
    default: ExploringChild.trying("\(scenario.name) (\(policy))")
    }
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
        "  Replay exactly this run (add a print, run it again): \(checkCommand) --schedule "
          + "'\(scenario.name)@\(schedule)'")
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

  /// The events as columns, one per lane, in the order the lanes first appear, within `width`
  /// columns: 70 by default, which `lab`'s indent of a check's report and the caller's own four
  /// spaces bring to 80. An event's text too long for the room left of its column continues on
  /// the next lines, under its first word.
  static func lanes(_ events: [ExplorationStory.Event], width: Int = 70) -> [String] {
    var order: [String] = []
    for event in events where !order.contains(event.lane) { order.append(event.lane) }
    let number = 3
    let leastText = 18
    let laneWidth = max(
      8,
      min(max(12, 60 / max(1, order.count)), (width - number - leastText) / max(1, order.count - 1))
    )
    let header = order.map { $0.padding(toLength: laneWidth, withPad: " ", startingAt: 0) }
    var lines = [header.joined().trimmingCharacters(in: .whitespaces)]
    for (index, event) in events.enumerated() {
      let column = order.firstIndex(of: event.lane) ?? 0
      let indent = String(repeating: " ", count: column * laneWidth)
      let pieces = wrapped(event.text, width: max(leastText, width - number - indent.count))
      lines.append(String(format: "%2d ", index + 1) + indent + pieces[0])
      lines += pieces.dropFirst().map { String(repeating: " ", count: number) + indent + $0 }
    }
    lines[0] = "   " + lines[0]
    return lines
  }

  /// `text` in lines of at most `width` characters, broken at spaces (a longer word alone).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines.isEmpty || !line.isEmpty ? lines + [line] : lines
  }

  // MARK: The check's side

  /// The check's outcome for `scenario`: the verdict the exploring child gave it.
  @MainActor public func outcome(of scenario: String) -> CheckOutcome {
    // A name that names no scenario would read no verdict: the lab's mistake, which every
    // solution's check stops on (`lab verify --solutions`).
    precondition(
      scenarios.contains { $0.name == scenario }, "no scenario to explore is named '\(scenario)'")
    return ExploringChild.verdict(of: scenario, checkCommand: checkCommand)
      .outcome(replayExample: "\(scenario)@3:1")
  }
}
