import CheckReporting
import DeterministicScheduling
import Foundation

/// The process that explores beside a check: the check's own executable, started again with
/// `LAB_EXPLORE_CHILD` set, which installs the deterministic scheduler's executors first thing,
/// runs the learner's code in every schedule the check asks for, prints one verdict per group of
/// scenarios, and exits.
///
/// The scheduler's executors are chosen once per process, before any task, and a check's other
/// tests need the runtime's own: hence a second process. It starts when the check does and
/// explores while the other checks run (two cores do twice the work); each exploring check reads
/// its group's verdict when its turn comes (`verdict(of:)`). A check whose exploration can be
/// split (`shards`) starts one child per part, each exploring its share of the scenarios
/// (`shard`); their verdicts are merged into the one a single child would give.
///
/// A verdict depends only on the check executable (the learner's code is linked into it) and the
/// schedule asked to replay: the same on every run by construction. So a re-check with no edit
/// reads the last verdicts from an `OutputCache` and starts no child.
public enum ExploringChild {
  /// Set in the child's environment: explore and exit.
  static let variable = "LAB_EXPLORE_CHILD"
  /// Set in a child's environment when the exploration is split: `INDEX/COUNT`.
  static let shardVariable = "LAB_EXPLORE_SHARD"

  /// In a child, which part of a split exploration it explores: the scenarios whose index in
  /// their group, modulo `count`, is `index`. `(0, 1)` when the exploration is not split.
  public static var shard: (index: Int, count: Int) {
    let parts = (ProcessInfo.processInfo.environment[shardVariable] ?? "")
      .split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2, parts[1] > 0, (0..<parts[1]).contains(parts[0]) else { return (0, 1) }
    return (parts[0], parts[1])
  }

  /// The schedule `lab check N --schedule …` asked to replay (`TARGET@SCHEDULE`), if any.
  public static var replay: String? {
    ProcessInfo.processInfo.environment[LabEnvironment.exploreReplay]
  }

  /// Whether this check started an exploring child (or found its verdicts): whether it has
  /// schedules to replay.
  static var isExploring: Bool { process.isStarted }

  /// Call it first thing in a check's `main.swift`, before any task exists. In the check, starts
  /// the child (or finds its verdicts in the cache) and returns. In the child, explores with
  /// `explore` (given the schedule to replay, if any), prints the verdicts it returns and exits;
  /// where the toolchain or the OS has no executor interface, every verdict is `.unavailable`.
  /// `shards` children explore at once when `explore` explores only its `shard` of each group
  /// and ranks its findings; a replay runs in one.
  public static func exploreIfChild(
    shards: Int = 1,
    _ explore: (
      _ replay: String?, _ report: (_ group: String, _ verdict: ExplorationVerdict) -> Void
    )
      -> Void
  ) {
    guard ProcessInfo.processInfo.environment[variable] != nil else {
      process.start(shards: replay == nil ? max(1, shards) : 1)
      return
    }
    exitWithParent()
    guard ExploringExecutors.install() else {
      print("EXPLORE-UNAVAILABLE")
      exit(0)
    }
    // Files the learner's code writes with an atomic write sync to disk; in memory, a schedule
    // runs several times faster.
    if FileManager.default.isWritableFile(atPath: "/dev/shm") {
      setenv("TMPDIR", "/dev/shm", 1)
    }
    // Each verdict as soon as it is known: should a later run crash this process, the verdicts
    // before it still count.
    explore(replay) { group, verdict in
      precondition(!group.contains(" "), "a group's name is one word: '\(group)'")
      let rank = verdict.rank.map { " " + $0.map(String.init).joined(separator: ".") } ?? ""
      print("EXPLORE-VERDICT \(group) \(verdict.kind.rawValue) \(verdict.schedules)\(rank)")
      for line in verdict.report { print(line) }
      fflush(nil)
    }
    exit(0)
  }

  /// In the child, says which run starts next (`TARGET@SCHEDULE`): should the learner's code
  /// crash the process in it, the check names that run and the command that replays it.
  public static func trying(_ run: String) {
    print("EXPLORE-TRYING \(run)")
    fflush(nil)
  }

  /// The verdict the child gave `group`: waits for the child to end the first time.
  /// `checkCommand` is the command that checks this exercise (`swift run lab check 07`): a crash
  /// report ends with it, replaying the run that crashed.
  @MainActor
  public static func verdict(of group: String, checkCommand: String) -> ExplorationVerdict {
    CheckSuite.waiting(
      for: "the exploring process: under the scheduler one job runs at a time, and a thread of "
        + "your code that blocks (a semaphore, a lock wait) never gives the turn back")
    let output: ChildOutput
    do {
      output = try process.finish()
    } catch {
      return ExplorationVerdict(
        .crashed, report: ["The exploring process could not start: \(error)"])
    }
    if output.lines.contains("EXPLORE-UNAVAILABLE") { return ExplorationVerdict(.unavailable) }
    guard output.exitedNormally else {
      // The run it was trying, and the runtime's reason ("Fatal error: …").
      let trying = output.lines.last { $0.hasPrefix("EXPLORE-TRYING ") }
        .map { String($0.dropFirst("EXPLORE-TRYING ".count)) }
      let replay =
        trying.map {
          $0.contains("@")
            ? " in the run \($0); replay exactly it: \(checkCommand) --schedule '\($0)'"
            : " in the run \($0)"
        } ?? ""
      // The runtime's reason: a fatal error, a failed precondition, or the validation of an
      // unchecked continuation that `lab` turns on ("Resuming continuation for task … that is
      // not awaited").
      let reason = output.errors.filter {
        $0.contains("error") || $0.contains("failed") || $0.contains("continuation")
      }
      .prefix(3)
      let printed = output.lines.filter { !$0.hasPrefix("EXPLORE-") && !$0.isEmpty }.suffix(10)
      return ExplorationVerdict(
        .crashed,
        report: [
          "Your code crashed the exploring process (it ended with \(output.ending))\(replay)"
            + (reason.isEmpty && printed.isEmpty ? "" : ":")
        ] + reason + printed)
    }
    guard let verdict = output.verdicts[group] else {
      // A replay runs one schedule, of one group: the others explored nothing this time.
      guard replay == nil else { return ExplorationVerdict(.notExplored) }
      return ExplorationVerdict(
        .crashed,
        report: ["The exploring process gave no verdict for \(group); the last it printed:"]
          + output.lines.suffix(20))
    }
    return verdict
  }

  /// The one child of this check process.
  static let process = ChildProcess()

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

/// What the exploring child printed, read back.
struct ChildOutput: Sendable {
  let lines: [String]
  /// What it wrote to standard error: the runtime's reason, when it crashed.
  var errors: [String] = []
  let exitedNormally: Bool
  /// How the child ended, in words: `exit 1`, `signal 11`.
  let ending: String

  /// Each group's verdict: its `EXPLORE-VERDICT` line and the report lines under it.
  var verdicts: [String: ExplorationVerdict] {
    Dictionary(orderedVerdicts) { _, last in last }
  }

  /// The groups' verdicts in the order the child gave them.
  var orderedVerdicts: [(String, ExplorationVerdict)] {
    var verdicts: [(String, ExplorationVerdict)] = []
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      if words.first == "EXPLORE-VERDICT", words.count == 4 || words.count == 5,
        let kind = ExplorationVerdict.Kind(rawValue: words[2]), let schedules = Int(words[3])
      {
        let rank = words.count == 5 ? words[4].split(separator: ".").compactMap { Int($0) } : nil
        verdicts.append((words[1], ExplorationVerdict(kind, schedules: schedules, rank: rank)))
      } else if line.hasPrefix("EXPLORE-") {
        verdicts.append(("", ExplorationVerdict(.crashed)))  // ends the report above
      } else if let last = verdicts.indices.last, !verdicts[last].0.isEmpty {
        verdicts[last].1.report.append(line)
      }
    }
    return verdicts.filter { !$0.0.isEmpty }
  }

  /// The outputs of the children of a split exploration as one: a child that crashed or found
  /// no executor interface speaks for all; otherwise each group's verdict is the finding (or
  /// other verdict than a pass) with the least rank, the one a single child would have met
  /// first, or a pass; the schedules are those all children ran.
  static func merged(_ outputs: [ChildOutput]) -> ChildOutput {
    guard outputs.count > 1 else { return outputs[0] }
    if let crashed = outputs.first(where: { !$0.exitedNormally }) { return crashed }
    if let unavailable = outputs.first(where: { $0.lines.contains("EXPLORE-UNAVAILABLE") }) {
      return unavailable
    }
    var groups: [String] = []
    var byGroup: [String: [ExplorationVerdict]] = [:]
    for output in outputs {
      for (group, verdict) in output.orderedVerdicts {
        if byGroup[group] == nil { groups.append(group) }
        byGroup[group, default: []].append(verdict)
      }
    }
    var lines: [String] = []
    for group in groups {
      let verdicts = byGroup[group] ?? []
      let schedules = verdicts.map(\.schedules).reduce(0, +)
      let notPassed = verdicts.filter { $0.kind != .passed }
      var verdict =
        notPassed.min { first, second in
          // No rank (a crash, a bad replay) comes first: it is not a schedule's to order.
          guard let firstRank = first.rank else { return second.rank != nil }
          guard let secondRank = second.rank else { return false }
          return firstRank.lexicographicallyPrecedes(secondRank)
        } ?? ExplorationVerdict(.passed)
      verdict.schedules = schedules
      let rank = verdict.rank.map { " " + $0.map(String.init).joined(separator: ".") } ?? ""
      lines.append("EXPLORE-VERDICT \(group) \(verdict.kind.rawValue) \(schedules)\(rank)")
      lines += verdict.report
    }
    return ChildOutput(lines: lines, exitedNormally: true, ending: "exit 0")
  }
}

/// The exploring child processes, or the verdicts they gave last time for this very executable.
final class ChildProcess: @unchecked Sendable {
  /// One child: its process and what it wrote.
  private final class Child: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    /// Signalled once each reader (output, errors) has the child's last byte.
    private let outputRead = DispatchSemaphore(value: 0)
    private let errorsRead = DispatchSemaphore(value: 0)

    init(process: Process) { self.process = process }

    /// Reads the child's two pipes to their ends, each on a thread of its own, so that a long
    /// report never fills a pipe.
    func startReading(output outputPipe: Pipe, errors errorPipe: Pipe) {
      Thread { [self] in
        let data = outputPipe.fileHandleForReading.readDataToEndOfFile()
        lock.withLock { output = data }
        outputRead.signal()
      }.start()
      Thread { [self] in
        let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
        lock.withLock { errors = data }
        errorsRead.signal()
      }.start()
    }

    /// Waits for the child to end; what it printed.
    func finish() -> ChildOutput {
      process.waitUntilExit()
      // The pipes close when the child exits: the readers then have every byte.
      outputRead.wait()
      errorsRead.wait()
      let (text, errorText) = lock.withLock {
        (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
      }
      return ChildOutput(
        lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        errors: errorText.split(separator: "\n").map(String.init),
        exitedNormally: process.terminationReason == .exit && process.terminationStatus == 0,
        ending: "\(process.terminationReason == .exit ? "exit" : "signal") "
          + "\(process.terminationStatus)")
    }
  }

  private let lock = NSLock()
  private var children: [Child] = []
  private var cached: ChildOutput?
  private var startError: (any Error)?
  private var started = false
  /// The children to start at the first `finish()`, when their start was put off.
  private var pendingShards: Int?

  /// Where the verdicts of this executable and this replay are kept.
  private var cache: OutputCache? {
    let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    return OutputCache(
      name: "\(executable.lastPathComponent)-explore",
      dependingOn: ["replay", ExploringChild.replay ?? ""])
  }

  /// Whether `start(shards:)` ran.
  var isStarted: Bool { lock.withLock { started } }

  /// Runs this executable again with the child's variable set, once per shard (unless the cache
  /// has their verdicts).
  func start(shards: Int) {
    lock.withLock { started = true }
    // One check alone (`LAB_ONLY_CHECK`) may explore nothing: the children start when it first
    // asks for a verdict (`finish()`), instead of taking both cores from a check that never
    // reads them.
    guard (ProcessInfo.processInfo.environment[LabEnvironment.onlyCheck] ?? "").isEmpty else {
      lock.withLock { pendingShards = shards }
      return
    }
    launch(shards: shards)
  }

  /// Starts the children (unless the cache has their verdicts).
  private func launch(shards: Int) {
    if let text = cache?.output() {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lock.withLock { cached = ChildOutput(lines: lines, exitedNormally: true, ending: "exit 0") }
      return
    }
    for index in 0..<shards {
      let process = Process()
      process.executableURL = URL(
        fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      // No backtrace on a crash: the check shows the runtime's one line of why, at once.
      process.environment = ProcessInfo.processInfo.environment.merging(
        [
          ExploringChild.variable: "1", "SWIFT_BACKTRACE": "enable=no",
          ExploringChild.shardVariable: "\(index)/\(shards)",
        ]
      ) { $1 }
      let pipe = Pipe()
      let errorPipe = Pipe()
      process.standardOutput = pipe
      process.standardError = errorPipe
      do {
        try process.run()
      } catch {
        lock.withLock { startError = error }
        return
      }
      let child = Child(process: process)
      child.startReading(output: pipe, errors: errorPipe)
      lock.withLock { children.append(child) }
    }
  }

  /// Waits for the children to end, the first time; what they printed, as one.
  func finish() throws -> ChildOutput {
    if let shards = lock.withLock({ () -> Int? in
      defer { pendingShards = nil }
      return pendingShards
    }) {
      launch(shards: shards)
    }
    let (children, error, cached) = lock.withLock { (self.children, startError, self.cached) }
    if let cached { return cached }
    if let error { throw error }
    guard !children.isEmpty else {
      preconditionFailure(
        "the check's main.swift must call ExploringChild.exploreIfChild before any check")
    }
    let finished = ChildOutput.merged(children.map { $0.finish() })
    // Only what the scheduler decided is kept: never a crash (it may be the machine's, such as
    // memory), never a toolchain without the interface.
    if finished.exitedNormally, !finished.lines.contains("EXPLORE-UNAVAILABLE") {
      cache?.keep(finished.lines.joined(separator: "\n"))
    }
    lock.withLock { self.cached = finished }
    return finished
  }
}
