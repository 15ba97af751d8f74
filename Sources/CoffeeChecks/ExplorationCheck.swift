import CheckReporting
import CoffeeScenarios
import DeterministicScheduling
import Foundation
import LabCheckKit
import LabTrace
import RaceLab
import SimulatedPlatform

/// Exploration in a check: the learner's app under the deterministic scheduler of `race-lab
/// explore`, in every schedule of the step's scenarios within `bound` deviations from the
/// default order, with the steps' work in flight together, and every scenario's expectations
/// and the app's rules judged once the app is still. The same schedules on every run and every
/// machine: the budget is counted in schedules, never in seconds.
///
/// The exploring runs in a child process (`ExploringChild`), which `exploreIfAsked()` starts,
/// the first line of a check's `main.swift`. The scenarios come in groups, one per check that
/// reads a verdict: the step's interleavings, and a catalog race that a check of its own names.
public struct ExplorationCheck: Sendable {
  public let variant: Variant
  /// The scenarios explored, by group: a check's name for them, and their `race-lab explore`
  /// names (`loads-overlap+in-flight`).
  public let groups: [(name: String, targets: [String])]
  /// Deviations from the default order, at most.
  public let bound: Int
  /// The coffee step whose solution this explores.
  public let step: Int

  /// The step from which the file's history is judged (`Expectation.fileNeverGoesBack`): step 08
  /// orders the saves on the store actor; before it, a save task that runs late writes an older
  /// list for a while, a gap that step's lesson closes.
  static let fileHistoryFirstStep = 8

  /// The group of the step's own interleavings, which `outcome()` judges.
  public static let interleavingsGroup = "interleavings"
  /// The group of scenarios a step judges by their own expectations only: the rules every
  /// scenario shares (the file, the relaunch, no publishing off the main queue) are still broken
  /// by races of the before app that later steps fix (docs/races.md).
  public static let ownExpectationsGroup = "own-expectations"

  /// Explores the interleavings of coffee step `step`, and each of `races`: a catalog entry's
  /// name and the scenarios that show it, judged by `outcome(of:)` with that name.
  public init(
    _ variant: Variant, step: Int, races: [(entry: String, targets: [String])] = [],
    bound: Int = 1
  ) {
    self.variant = variant
    let own = Self.ownExpectations(forStep: step)
    let generated = Self.generated(forStep: step)
    self.groups =
      [(Self.interleavingsGroup, Self.interleavings(forStep: step))]
      + (own.isEmpty ? [] : [(Self.ownExpectationsGroup, own)])
      + (generated.isEmpty ? [] : [(Self.generatedGroup, generated)])
      + races.map { ($0.entry, $0.targets) }
    self.bound = bound
    self.step = step
  }

  /// For each scenario written for exploration, the step from which every order of it keeps its
  /// own expectations, and the step from which it keeps every rule of the app: each from the
  /// step whose lesson makes it right (overlapping loads wait for step 11, a task completed only
  /// after its save for step 10, the foreground's work waited for from step 12, where it becomes
  /// a task to wait for), so that a solution is never judged on a lesson still to come.
  static let firstSteps: [String: (own: Int, every: Int)] = [
    "drink-while-syncing": (1, 8), "load-after-failed-load": (3, 8),
    "drink-while-loading": (4, 8), "drinks-in-a-row": (8, 8), "write-fails-once": (1, 8),
    "drink-while-launching": (8, 8), "drink-during-launch": (8, 8),
    "foreground-while-authorizing": (1, 1), "leaves-during-foreground-load": (1, 8),
    "sample-while-launching": (8, 8), "samples-at-foreground-launch": (9, 11),
    "refresh-while-store-fails": (10, 10), "drink-during-refresh": (10, 10),
    "refresh-while-sample-arrives": (10, 10), "opens-and-leaves-during-refresh": (12, 12),
    "drink-while-foreground-loads-during-refresh": (12, 12),
    "opens-twice-during-refresh": (12, 12), "opens-while-drinks-are-saved-during-refresh": (12, 12),
    "loads-overlap": (11, 11),
    "load-as-earlier-ends": (11, 11), "load-asked-as-sample-arrives": (11, 11),
    "drinks-while-health-refuses": (1, 8),
  ]

  /// The step from which the generated scenarios (`Scenario.generated`) are explored: they mix
  /// every situation above, so they need every lesson that the scenarios above need by step 11.
  static let generatedFirstStep = 11

  /// The group of generated scenarios, judged by every rule of the app as the interleavings are:
  /// each in its default order, then in its seeded PCT runs. They are long, and what they add
  /// is situations (several faults and actions in one stretch), not orders: a bounded search of
  /// each would cost more than the rest of the check.
  public static let generatedGroup = "generated"

  /// The generated scenarios coffee step `step` explores.
  public static func generated(forStep step: Int) -> [String] {
    step >= generatedFirstStep ? Scenario.generated.map { $0.id + "+in-flight" } : []
  }

  /// The scenarios coffee step `step` explores and judges by every rule of the app.
  public static func interleavings(forStep step: Int) -> [String] {
    explored { step >= $0.every }
  }

  /// The scenarios coffee step `step` explores and judges by their own expectations alone.
  public static func ownExpectations(forStep step: Int) -> [String] {
    explored { step >= $0.own && step < $0.every }
  }

  private static func explored(_ include: ((own: Int, every: Int)) -> Bool) -> [String] {
    // A scenario added without its first steps or its advice is the lab's mistake: every
    // solution's check stops on it (`lab verify --solutions`).
    precondition(
      Scenario.interleavings.allSatisfy { firstSteps[$0.id] != nil && advice[$0.id] != nil },
      "every scenario written for exploration needs its first steps and its advice here")
    return Scenario.interleavings.filter { include(firstSteps[$0.id]!) }
      .map { $0.id + "+in-flight" }
  }

  /// Seeded PCT runs per scenario after the search, and their bug depth: schedules with more
  /// deviations than the bound, chosen by seed, the same on every run.
  static let pctRunsPerScenario = 10
  static let pctDepth = 3
  /// About how many decisions a scenario run makes, where PCT places its priority changes.
  static let pctExpectedSteps = 120

  /// What to do when a scenario breaks, by scenario: the lesson its failure points to, true on
  /// every step that explores it.
  static let advice = [
    "loads-overlap": overlappingLoads,
    "load-as-earlier-ends": overlappingLoads,
    "load-asked-as-sample-arrives":
      "A load's `true` promises that the model holds what Health held when it was asked for. A "
      + "load asked while another runs must wait for that one, then query for itself, and answer "
      + "once the model is updated: not skip, not share the running load's answer, not answer "
      + "at once while the running one goes round again.",
    "load-after-failed-load":
      "Each load must query for itself, whatever the load before it found or failed to find.",
    "drink-while-loading":
      "A drink added while the update waits must be kept: read the current drinks and assign "
      + "the updated list in one step, before any `await`.",
    "drink-while-syncing":
      "Save the drink that was added, as it was when added: capture it on the main queue and hand "
      + "that value to the save, rather than read the model again later, when a load may have "
      + "changed it.",
    "drinks-in-a-row":
      "Each save is a compare, a write and a record: run them as one step, in the order the "
      + "saves were sent (on the store actor), so that a later save waits for the one in flight.",
    "write-fails-once":
      "A write can fail: catch its error, log it, and go on. Record a list as saved only once the "
      + "write has returned, so that the next save writes the list the failed one did not.",
    "drink-while-launching":
      "A save that lands while the launch reads the file must still reach the disk: the list the "
      + "launch read must never be recorded as saved over a newer save's record. Where the read "
      + "runs off the store actor, record it only if no save has recorded one yet, testing and "
      + "setting in one step.",
    "sample-while-launching":
      "Load from Health after `await store.load()` has returned and the model holds the list it "
      + "read, in the same task: the health load then merges into that list.",
    "samples-at-foreground-launch":
      "At a launch in the foreground, the extension delegate's load from "
      + "`applicationDidBecomeActive()` can merge samples into the model while the launch still "
      + "reads the file: across `await store.load()` the main actor runs other work, and the "
      + "list read then replaces them, while the query's anchor has moved past them. Keep the "
      + "launch's read in a task (`savedDrinksRead`) and let every update from HealthKit await "
      + "it before it touches the model.",
    "foreground-while-authorizing":
      "Two authorization requests can be pending at once, the launch's and the foreground's: "
      + "answer each one, with a continuation of its own, and never turn one away because "
      + "another is pending.",
    "drink-during-launch":
      "Whether the app may save to Health is the health store's to say "
      + "(`authorizationStatus(for:)`), and the user's answer outlives a launch: a drink added "
      + "before this launch has asked again must still reach Health, once.",
    "leaves-during-foreground-load":
      "Going to the background asks the app to stop nothing: the system suspends it, and its "
      + "tasks go on when it runs again. Let a load that has begun finish: one cancelled after "
      + "its query moved the anchor loses the samples it read, since every later load starts "
      + "past them.",
    "drinks-while-health-refuses":
      "A sample the health store refuses costs that sample and nothing more: keep the drink in "
      + "the model and save the list to disk whatever Health answered. Catch the health save's "
      + "error where it happens, log it, and go on to the disk save.",
    "refresh-while-store-fails": backgroundTask,
    "refresh-while-sample-arrives": backgroundTask,
    "opens-and-leaves-during-refresh":
      "The user can open the app and leave it again while a background task runs, and what "
      + "`applicationDidBecomeActive()` started (authorize, then load) may still be running when "
      + "the refresh is done. Keep each such task in the delegate until it ends, and let the "
      + "refresh wait for them, those started while it waits included, before it completes the "
      + "task.",
    "drink-while-foreground-loads-during-refresh":
      "A drink can be added while the refresh waits for the foreground's work: wait for the "
      + "foreground's work, then for the drinks' saves, and go round until neither is left, "
      + "before the task is completed.",
    "opens-twice-during-refresh":
      "Keep every task `applicationDidBecomeActive()` starts until it ends, not only the "
      + "latest: the first opening's authorization can be answered after the second's, so its "
      + "load runs last. The refresh waits until none is left.",
    "opens-while-drinks-are-saved-during-refresh":
      "The user can open the app while the refresh waits for the drinks' saves, after it found "
      + "no foreground work: look for the foreground's tasks again once the drinks are saved, and "
      + "go round until neither is left.",
    "drink-during-refresh":
      "Complete the background task only once every drink's save is on disk, those added while "
      + "the refresh loaded included: wait for the drinks after the load, not before or beside "
      + "it, and wait for any added while you waited.",
  ]
  private static let generatedAdvice =
    "This stretch of a day was drawn from a seed, mixing what the named scenarios play one at a "
    + "time. Read the first rule it broke and the step that broke it in the lanes; the named "
    + "scenario closest to it shows the same situation alone, with its own advice."
  private static let overlappingLoads =
    "Two loads read the same anchor across the query's `await`, so both bring the same sample: "
    + "each load must wait for the one started before it. Store the new load's task before any "
    + "`await`, let that task wait for the previous one, and forget a load only if it is still the "
    + "latest."
  private static let backgroundTask =
    "Complete the background task once, after the load and the save it caused have finished, "
    + "whether the load succeeded or not."

  /// In the child process, explores every group (or replays the schedule `lab check N
  /// --schedule` names), prints the verdicts and exits; in the check, starts that child and
  /// returns. Call it first thing in `main.swift`, before any task exists.
  public func exploreIfAsked() {
    // Two children, each with its share of every group's scenarios: on two cores, the
    // exploration (most of a re-check's time after an edit) takes about half as long.
    ExploringChild.exploreIfChild(shards: 2) { replay, report in
      guard let replay else {
        for group in groups { report(group.name, explore(group)) }
        return
      }
      guard let (target, schedule) = parse(replay),
        let group = groups.first(where: { $0.targets.contains(Self.drawnWhole(target.name)) })
      else {
        for group in groups { report(group.name, ExplorationVerdict(.badReplay, report: [replay])) }
        return
      }
      ExploringChild.trying(replay)
      let run = ExploredRun.run(target, policy: .following(schedule))
      report(
        group.name,
        ExplorationVerdict(
          run.findings.isEmpty ? .replayPassed : .finding, schedules: 1,
          report: describe(run, group: group.name, isReplay: true)))
    }
  }

  /// Every schedule of `group`'s scenarios within the bound, then seeded PCT runs: the first
  /// that breaks a rule, or how many ran.
  /// In a split exploration (`ExploringChild.shard`), only this child's share of the scenarios,
  /// its findings ranked by where a search of them all would have met them.
  func explore(_ group: (name: String, targets: [String])) -> ExplorationVerdict {
    let shard = ExploringChild.shard
    // The scenarios' places in the group, for the rank: this child's share of them.
    let places = group.targets.indices.filter { $0 % shard.count == shard.index }
    let explored = places.map { group.targets[$0] }.map { name in
      // A name that names no scenario would explore nothing and pass: the lab's mistake, which
      // every solution's check stops on (`lab verify --solutions`).
      guard let target = ExplorationTarget.named(name, variant: variant) else {
        preconditionFailure("no scenario to explore is named '\(name)'")
      }
      return target
    }
    let matches = judges(group.name)
    let isFinding = { (run: ExploredRun) in run.findings.contains(where: matches) }
    let report = ScheduleSearch.search(
      explored, bound: group.name == Self.generatedGroup ? 0 : bound, run: Self.runAnnounced,
      readyCounts: \.record.readyCounts, isFinding: isFinding)
    var schedulesRun = report.schedulesRun
    var finding = report.finding
    var schedulesToFinding = report.schedulesToFinding
    // Phase 0, the bounded search: level, scenario, place in the level.
    var rank = report.findingPosition.map { [0, $0[0], places[$0[1]], $0[2]] }
    let sample = { (targets: [ExplorationTarget]) in
      ScheduleSearch.sample(
        targets, runs: targets.count * Self.pctRunsPerScenario,
        policy: {
          .pct(seed: $0, depth: Self.pctDepth, expectedSteps: Self.pctExpectedSteps)
        },
        run: Self.runAnnounced, isFinding: isFinding)
    }
    if finding == nil {
      // Then depth: seeded PCT runs (seeds 1, 2, ...), the same on every run; each schedule
      // that breaks something is printed, and replays, like the search's.
      let sampled = sample(explored)
      schedulesToFinding = sampled.schedulesToFinding.map { $0 + schedulesRun }
      schedulesRun += sampled.schedulesRun
      finding = sampled.finding
      // Phase 1, the seeded runs: seed, scenario.
      rank = sampled.findingPosition.map { [1, $0[0], places[$0[1]], 0] }
    }
    guard var run = finding else { return ExplorationVerdict(.passed, schedules: schedulesRun) }
    var shrinking: [String] = []
    // A generated scenario's failure is shrunk to the fewest of its steps that still break,
    // each candidate searched as the scenario was (the default order, then the same seeded
    // runs): the learner reads the shortest story.
    if group.name == Self.generatedGroup,
      let shrunk = GeneratedShrinker.shrink(
        run,
        search: { target in
          let searched = ScheduleSearch.search(
            [target], bound: 0, run: Self.runAnnounced, readyCounts: \.record.readyCounts,
            isFinding: isFinding)
          if let found = searched.finding { return (found, searched.schedulesRun) }
          let sampled = sample([target])
          return (sampled.finding, searched.schedulesRun + sampled.schedulesRun)
        })
    {
      run = shrunk.run
      if shrunk.stepsAfter < shrunk.stepsBefore {
        shrinking = [
          "  Shrunk from \(shrunk.stepsBefore) drawn steps to \(shrunk.stepsAfter) that still "
            + "break (\(Wording.count(shrunk.schedules, "schedule")) more):"
        ]
      }
    }
    return ExplorationVerdict(
      .finding, schedules: schedulesToFinding ?? schedulesRun,
      report: shrinking + describe(run, group: group.name, isReplay: false), rank: rank)
  }

  /// The name of the generated scenario a shrunk one was drawn as (`generated-13+in-flight`
  /// for `generated-13-without-1-2+in-flight`); any other name as it is.
  static func drawnWhole(_ name: String) -> String {
    let parts = name.split(separator: "+", maxSplits: 1).map(String.init)
    guard let drawn = Scenario.generatedName(of: parts[0]) else { return name }
    return (["generated-\(drawn.seed)"] + parts.dropFirst()).joined(separator: "+")
  }

  /// Runs `target` once under `policy`, saying first which run it is: should the learner's code
  /// crash the exploring process, the check names the run, and the command that replays it.
  static func runAnnounced(_ target: ExplorationTarget, policy: SchedulingPolicy) -> ExploredRun {
    switch policy {
    case .following(let schedule): ExploringChild.trying("\(target.name)@\(schedule)")
    default: ExploringChild.trying("\(target.name) (\(policy))")
    }
    return ExploredRun.run(target, policy: policy)
  }

  /// What breaks a rule for `group`. For the step's interleavings, every finding but work that
  /// escaped the scheduler (a Dispatch queue of the learner's own, a semaphore): the tool's
  /// limit rather than a verdict, which the step's other checks judge; and the file's history
  /// only from `fileHistoryFirstStep`. For a catalog race, only
  /// the evidence of that race: a step may leave another gap open in the same scenario (step
  /// 07's saves, unordered until step 08), which its own step judges.
  func judges(_ group: String) -> @Sendable (ExploredRun.Finding) -> Bool {
    switch group {
    case Self.interleavingsGroup, Self.generatedGroup:
      let judgesFileHistory = step >= Self.fileHistoryFirstStep
      let fileHistory = Expectation.fileNeverGoesBack.summary
      return { $0.kind != .escape && (judgesFileHistory || $0.what != fileHistory) }
    case Self.ownExpectationsGroup:
      let own = Set(Scenario.interleavings.flatMap { $0.expectations.map(\.summary) })
      return { $0.kind == .expectation && own.contains($0.what) }
    default:
      return { $0.entryID == group }
    }
  }

  /// The verdict on the step's interleavings: every rule where the step has reached it, the
  /// scenarios' own expectations where it has not yet; then, from step 11, the generated
  /// scenarios.
  @MainActor public func outcome() -> CheckOutcome {
    for group in [Self.interleavingsGroup, Self.ownExpectationsGroup, Self.generatedGroup]
    where groups.contains(where: { $0.name == group }) {
      let verdict = outcome(of: group)
      guard verdict == .pass else { return verdict }
    }
    return .pass
  }

  /// The verdict on `group`: the step's interleavings, or a catalog race's scenarios.
  @MainActor public func outcome(of group: String) -> CheckOutcome {
    precondition(
      groups.contains { $0.name == group }, "no group of scenarios to explore is named '\(group)'")
    let example = groups.first { $0.name == group }?.targets.first ?? "loads-overlap+in-flight"
    return ExploringChild.verdict(of: group, checkCommand: "swift run lab check \(stepNumber)")
      .outcome(replayExample: "\(example)@3:1")
  }

  /// What a learner reads of a finding: what broke, in the app's words; the schedule drawn as
  /// lanes; the command that replays exactly it.
  func describe(_ run: ExploredRun, group: String, isReplay: Bool) -> [String] {
    // What a user of the app would see first (the scenario's expectations), then the evidence
    // that names the race.
    let judged = run.findings.filter(judges(group))
    let seen = run.findings.filter { $0.kind == .expectation && !judged.contains($0) }
    var lines = (seen + judged).flatMap { finding in
      // A detail of several lines (expected and actual) stays under its finding.
      let detail = finding.detail.split(separator: "\n").map(String.init)
      return ["  - \(finding.what): \(detail.first ?? "")"] + detail.dropFirst().map { "    " + $0 }
    }
    let schedule = run.record.schedule
    lines.append("  Scenario \(run.target.name): \(run.target.scenario.summary)")
    lines += run.target.scenario.steps.enumerated().map { "    \($0 + 1). \($1)" }
    // A scenario's own lesson, or else the fix of the catalog race its group is named after.
    let advice =
      Self.advice[run.target.scenario.id]
      ?? (Scenario.generatedName(of: run.target.scenario.id) != nil ? Self.generatedAdvice : nil)
      ?? RaceCatalog.entry(group)?.afterFix
    let details = Self.codeDetails(of: run)
    lines.append("  Schedule \(schedule):")
    for (index, note) in run.record.deviationNotes.enumerated() {
      lines.append("    \(note)")
      if details.deviations.indices.contains(index) {
        lines.append("      " + details.deviations[index])
      }
    }
    var diagram = LaneDiagram(
      trace: run.trace, title: "what your app ran where, in that order", isRacing: { _ in false })
    diagram.showsOnlyRacing = false
    // `lab` indents a check's detail lines by eight columns: the diagram fits what is left of 80.
    diagram.width = 72
    diagram.callSites = details.callSites
    if !diagram.callSites.isEmpty {
      diagram.title += " (↳ the line of your code that made the step)"
    }
    lines += diagram.render(style: .plain).map { "  " + $0 }
    lines.append(
      "  An explored order is a possible one: every await is a point where another job may run.")
    if let advice { lines.append("  " + advice) }
    if !isReplay {
      lines.append(
        "  Replay exactly this run (add a print, run it again): swift run lab check "
          + "\(stepNumber) --schedule '\(run.target.name)@\(schedule)'")
    }
    return lines
  }

  /// What a report adds to a run from the learner's own code: for each step, the line of the
  /// learner's files that made it; for each deviation, what its two jobs went on to do there.
  struct CodeDetails {
    var callSites: [Int: String] = [:]
    var deviations: [String] = []
  }

  /// The same schedule run once more (a schedule decides the run, so it is the same run) with
  /// call stacks captured and each event stamped with its job, each stack resolved to its
  /// innermost frame in the exercise's folder. Empty outside a check (no folder) or where the
  /// toolchain cannot capture stacks.
  static func codeDetails(of run: ExploredRun) -> CodeDetails {
    guard
      let sources = ProcessInfo.processInfo.environment[LabEnvironment.exerciseSources],
      !sources.isEmpty
    else { return CodeDetails() }
    let folder = URL(fileURLWithPath: sources).standardizedFileURL.path + "/"
    Tracer.capturesCallStacks = true
    let again = ExploredRun.run(
      run.target, policy: .following(run.record.schedule), tracksHappensBefore: true)
    Tracer.capturesCallStacks = false
    // The same run, step for step: its events and their order are what the diagram draws.
    guard again.trace.events.map(\.label) == run.trace.events.map(\.label) else {
      return CodeDetails()
    }
    var details = CodeDetails()
    for event in again.trace.events {
      if let site = event.callStack?.innermostFrame(inFolder: folder) {
        details.callSites[event.order] = site
      }
    }
    // What a job went on to do: the first step it made, or else the first that it led to (a
    // job it queued, a task it resumed: a step whose clock has seen it), and where in the
    // learner's code.
    func firstStep(of job: Int, after stampsBefore: Int) -> String {
      // The steps the diagram draws (no debug log), from the deviation on.
      let events = again.trace.events.filter {
        guard let access = $0.access, access.sequence >= stampsBefore else { return false }
        if case .log(.debug, _, _) = $0.platformEvent?.kind { return false }
        return true
      }
      let own = events.first { $0.access?.job == job }
      let led = events.first { ($0.access?.clock[job] ?? 0) > 0 }
      guard let event = own ?? led else { return "led to no step the lanes draw" }
      let site = details.callSites[event.order].map { " (\($0))" } ?? ""
      return (own != nil ? "went on to" : "led to") + " #\(event.order) \"\(event.label)\"\(site)"
    }
    details.deviations = again.record.deviationJobs.map { ran, passed, stampsBefore in
      "the job that ran \(firstStep(of: ran, after: stampsBefore)); the one it went before "
        + firstStep(of: passed, after: stampsBefore)
    }
    return details
  }

  /// The step's number as `lab check` takes it: the variant is named `exercise 11`.
  var stepNumber: String {
    variant.name.split(separator: " ").last.map(String.init) ?? ""
  }

  func parse(_ text: String) -> (ExplorationTarget, Schedule)? {
    let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
    guard parts.count == 2, let target = ExplorationTarget.named(parts[0], variant: variant),
      let schedule = Schedule(parsing: parts[1])
    else { return nil }
    return (target, schedule)
  }
}
