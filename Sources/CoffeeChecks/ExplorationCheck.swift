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
/// The scheduler's executors are chosen once per process, before any task, and a check's other
/// tests need the runtime's own; so the check runs its executable again as a child that installs
/// them first thing (`exploreIfAsked()`, the first line of a check's `main.swift`), explores,
/// prints what it found, and exits.
public struct ExplorationCheck: Sendable {
  public let variant: Variant
  /// The scenarios explored, by `race-lab explore` name (`loads-overlap+in-flight`).
  public let targets: [String]
  /// Deviations from the default order, at most.
  public let bound: Int

  public init(_ variant: Variant, targets: [String], bound: Int = 1) {
    self.variant = variant
    self.targets = targets
    self.bound = bound
  }

  /// The scenarios coffee step `step` explores: each from the step whose lesson makes every
  /// order of it right (overlapping loads wait for step 11, a task completed only after its save
  /// for step 10), so that a solution is never judged on a lesson still to come.
  public static func interleavings(forStep step: Int) -> [String] {
    let firstStep = [
      "load-after-failed-load": 7, "drink-while-loading": 8, "drinks-in-a-row": 8,
      "drink-while-launching": 8, "sample-while-launching": 8, "refresh-while-store-fails": 10,
      "refresh-while-sample-arrives": 10, "loads-overlap": 11, "load-as-earlier-ends": 11,
    ]
    // A scenario added without its first step or its advice is the lab's mistake: every
    // solution's check stops on it (`lab verify --solutions`).
    precondition(
      Scenario.interleavings.allSatisfy { firstStep[$0.id] != nil && advice[$0.id] != nil },
      "every scenario written for exploration needs its first step and its advice here")
    return Scenario.interleavings.filter { step >= firstStep[$0.id, default: 11] }
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
    "load-after-failed-load":
      "Each load must query for itself, whatever the load before it found or failed to find.",
    "drink-while-loading":
      "A drink added while the update waits must be kept: read the current drinks and assign "
      + "the updated list in one step, before any `await`.",
    "drinks-in-a-row":
      "Each save is a compare, a write and a record: run them as one step, in the order the "
      + "saves were sent (on the store actor), so that a later save waits for the one in flight.",
    "drink-while-launching":
      "A save that lands while the launch reads the file must still reach the disk: the list the "
      + "launch read must never be recorded as saved over a newer save's record. Where the read "
      + "runs off the store actor, record it only if no save has recorded one yet, testing and "
      + "setting in one step.",
    "sample-while-launching":
      "Load from Health after `await store.load()` has returned and the model holds the list it "
      + "read, in the same task: the health load then merges into that list.",
    "refresh-while-store-fails": backgroundTask,
    "refresh-while-sample-arrives": backgroundTask,
  ]
  private static let overlappingLoads =
    "Two loads read the same anchor across the query's `await`, so both bring the same sample: "
    + "each load must wait for the one started before it. Store the new load's task before any "
    + "`await`, let that task wait for the previous one, and forget a load only if it is still the "
    + "latest."
  private static let backgroundTask =
    "Complete the background task once, after the load and the save it caused have finished, "
    + "whether the load succeeded or not."

  /// Set in the child's environment: explore and exit.
  static let childVariable = "LAB_EXPLORE_CHILD"

  /// In the child, explores (or replays the schedule `LAB_EXPLORE_REPLAY` names) and exits;
  /// elsewhere returns at once. Call it first thing in `main.swift`, before any task exists.
  public func exploreIfAsked() {
    guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else {
      // In the check itself: start exploring now, beside the other checks (two cores do twice
      // the work); `outcome()` reads the verdict when its turn comes.
      Self.child.start()
      return
    }
    Self.exitWithParent()
    guard ExploringExecutors.install() else {
      print("EXPLORE-UNAVAILABLE")
      exit(0)
    }
    // The drink file's atomic write syncs to disk; in memory, a schedule runs several times faster.
    if FileManager.default.isWritableFile(atPath: "/dev/shm") {
      setenv("TMPDIR", "/dev/shm", 1)
    }
    if let replay = ProcessInfo.processInfo.environment[LabEnvironment.exploreReplay] {
      guard let (target, schedule) = parse(replay) else {
        print("EXPLORE-BAD-REPLAY \(replay)")
        exit(0)
      }
      let run = ExploredRun.run(target, policy: .following(schedule))
      print(run.findings.isEmpty ? "EXPLORE-REPLAY-PASSED" : "EXPLORE-FINDING 1")
      for line in describe(run, isReplay: true) { print(line) }
      exit(0)
    }
    let explored = targets.map { name in
      // A name that names no scenario would explore nothing and pass: the lab's mistake, which
      // every solution's check stops on (`lab verify --solutions`).
      guard let target = ExplorationTarget.named(name, variant: variant) else {
        preconditionFailure("no scenario to explore is named '\(name)'")
      }
      return target
    }
    // Work that escaped the scheduler (a Dispatch queue of the learner's own, a semaphore) is the
    // tool's limit, not a verdict: the step's other checks judge that code.
    let report = Explorer.search(explored, bound: bound, matches: { $0.kind != .escape })
    var schedulesRun = report.schedulesRun
    var finding = report.finding
    var schedulesToFinding = report.schedulesToFinding
    if finding == nil {
      // Then depth: seeded PCT runs (seeds 1, 2, ...), the same on every run; each schedule
      // that breaks something is printed, and replays, like the search's.
      let sampled = Explorer.sample(
        explored, runs: explored.count * Self.pctRunsPerScenario,
        policy: {
          .pct(seed: $0, depth: Self.pctDepth, expectedSteps: Self.pctExpectedSteps)
        },
        matches: { $0.kind != .escape })
      schedulesToFinding = sampled.schedulesToFinding.map { $0 + schedulesRun }
      schedulesRun += sampled.schedulesRun
      finding = sampled.finding
    }
    guard let run = finding else {
      print("EXPLORE-PASS \(schedulesRun)")
      exit(0)
    }
    print("EXPLORE-FINDING \(schedulesToFinding ?? schedulesRun)")
    for line in describe(run, isReplay: false) { print(line) }
    exit(0)
  }

  /// The check's outcome: the verdict of the child that `exploreIfAsked()` started.
  @MainActor public func outcome() throws -> CheckOutcome {
    let (process, data) = try Self.child.finish()
    let lines = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard process.terminationReason == .exit, process.terminationStatus == 0,
      let index = lines.firstIndex(where: { $0.hasPrefix("EXPLORE-") })
    else {
      return .fail(
        "Your app crashed under one of the explored schedules (the exploring process ended with "
          + "\(process.terminationReason == .exit ? "exit" : "signal") "
          + "\(process.terminationStatus)); the last it printed:\n"
          + lines.suffix(20).joined(separator: "\n"))
    }
    let verdict = lines[index]
    let body = lines[(index + 1)...].joined(separator: "\n")
    switch verdict.split(separator: " ").first ?? "" {
    case "EXPLORE-PASS":
      return .pass
    case "EXPLORE-UNAVAILABLE":
      // A toolchain or OS without the executor interface: the step's other checks still judge.
      CheckSuite.note(
        "not explored: this toolchain or OS has no custom executor interface (Swift 6.3's "
          + "ExecutorFactory); the other checks still judge your code")
      return .pass
    case "EXPLORE-REPLAY-PASSED":
      // A replay is deterministic: code that passes it now has stopped breaking that schedule.
      CheckSuite.note("the replayed schedule breaks nothing in your code now:")
      for line in body.split(separator: "\n") { CheckSuite.note(String(line)) }
      return .pass
    case "EXPLORE-BAD-REPLAY":
      return .fail(
        "--schedule takes SCENARIO@SCHEDULE as a failure prints it, such as "
          + "\(targets.first ?? "loads-overlap+in-flight")@3:1; got "
          + "\(verdict.dropFirst("EXPLORE-BAD-REPLAY ".count))")
    default:
      let count = verdict.split(separator: " ").last.map(String.init) ?? "?"
      return .fail("After \(count) explored schedules, one broke a rule of the app:\n" + body)
    }
  }

  /// The exploring child of this check process: started first thing, read when its check runs.
  static let child = Child()

  /// The exploring child process and its output.
  final class Child: @unchecked Sendable {
    private let lock = NSLock()
    private var process: Process?
    private var output: Data?
    private var startError: (any Error)?
    /// Signalled once the reader has the child's last byte.
    private let outputRead = DispatchSemaphore(value: 0)

    /// Runs this executable again with the child's variable set; its output is read on a
    /// thread of its own, so that a long report never fills the pipe.
    func start() {
      let process = Process()
      process.executableURL = URL(
        fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      process.environment = ProcessInfo.processInfo.environment.merging(
        [ExplorationCheck.childVariable: "1"]
      ) { $1 }
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        lock.withLock { startError = error }
        return
      }
      let reader = Thread { [self] in
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        lock.withLock { output = data }
        outputRead.signal()
      }
      lock.withLock { self.process = process }
      reader.start()
    }

    /// Waits for the child to end; its process and everything it printed.
    func finish() throws -> (Process, Data) {
      let (process, error) = lock.withLock { (self.process, startError) }
      if let error { throw error }
      guard let process else {
        preconditionFailure("the check's main.swift must call exploreIfAsked() before any check")
      }
      process.waitUntilExit()
      // The pipe closes when the child exits: the reader then has every byte.
      outputRead.wait()
      return (process, lock.withLock { output ?? Data() })
    }
  }

  /// In the child: exits when the check that started it is gone (it crashed, or `lab` stopped
  /// it as hung), so that no exploration outlives its check.
  static func exitWithParent() {
    let parent = getppid()
    Thread.detachNewThread {
      while getppid() == parent { usleep(100_000) }
      exit(3)
    }
  }

  /// What a learner reads of a finding: what broke, in the app's words; the schedule drawn as
  /// lanes; the command that replays exactly it.
  func describe(_ run: ExploredRun, isReplay: Bool) -> [String] {
    var lines = run.findings.flatMap { finding in
      // A detail of several lines (expected and actual) stays under its finding.
      let detail = finding.detail.split(separator: "\n").map(String.init)
      return ["  - \(finding.what): \(detail.first ?? "")"] + detail.dropFirst().map { "    " + $0 }
    }
    let schedule = run.record.schedule
    lines.append("  Scenario \(run.target.name): \(run.target.scenario.summary)")
    lines += run.target.scenario.steps.enumerated().map { "    \($0 + 1). \($1)" }
    lines.append("  Schedule \(schedule):")
    lines += run.record.deviationNotes.map { "    \($0)" }
    var diagram = LaneDiagram(
      trace: run.trace, title: "what your app ran where, in that order", isRacing: { _ in false })
    diagram.showsOnlyRacing = false
    lines += diagram.render(style: .plain).map { "  " + $0 }
    lines.append(
      "  An explored order is a possible one: every await is a point where another job may run.")
    if let advice = Self.advice[run.target.scenario.id] { lines.append("  " + advice) }
    if !isReplay {
      lines.append(
        "  Replay exactly this run (add a print, run it again): swift run lab check "
          + "\(stepNumber) --schedule '\(run.target.name)@\(schedule)'")
    }
    return lines
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
