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
/// its group's verdict when its turn comes (`verdict(of:)`).
///
/// A verdict depends only on the check executable (the learner's code is linked into it) and the
/// schedule asked to replay: the same on every run by construction. So a re-check with no edit
/// reads the last verdicts from an `OutputCache` and starts no child.
public enum ExploringChild {
  /// Set in the child's environment: explore and exit.
  static let variable = "LAB_EXPLORE_CHILD"

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
  public static func exploreIfChild(
    _ explore: (
      _ replay: String?, _ report: (_ group: String, _ verdict: ExplorationVerdict) -> Void
    )
      -> Void
  ) {
    guard ProcessInfo.processInfo.environment[variable] != nil else {
      process.start()
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
      print("EXPLORE-VERDICT \(group) \(verdict.kind.rawValue) \(verdict.schedules)")
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
    var verdicts: [String: ExplorationVerdict] = [:]
    var current: String?
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      if words.first == "EXPLORE-VERDICT", words.count == 4,
        let kind = ExplorationVerdict.Kind(rawValue: words[2]), let schedules = Int(words[3])
      {
        current = words[1]
        verdicts[words[1]] = ExplorationVerdict(kind, schedules: schedules)
      } else if line.hasPrefix("EXPLORE-") {
        current = nil
      } else if let group = current {
        verdicts[group]?.report.append(line)
      }
    }
    return verdicts
  }
}

/// The exploring child process, or the verdicts it gave last time for this very executable.
final class ChildProcess: @unchecked Sendable {
  private let lock = NSLock()
  private var process: Process?
  private var output: Data?
  private var errors: Data?
  private var cached: ChildOutput?
  private var startError: (any Error)?
  private var started = false
  /// Signalled once each reader (output, errors) has the child's last byte.
  private let outputRead = DispatchSemaphore(value: 0)
  private let errorsRead = DispatchSemaphore(value: 0)

  /// Where the verdicts of this executable and this replay are kept.
  private var cache: OutputCache? {
    let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    return OutputCache(
      name: "\(executable.lastPathComponent)-explore",
      dependingOn: ["replay", ExploringChild.replay ?? ""])
  }

  /// Whether `start()` ran.
  var isStarted: Bool { lock.withLock { started } }

  /// Runs this executable again with the child's variable set (unless the cache has its
  /// verdicts); its output is read on a thread of its own, so that a long report never fills
  /// the pipe.
  func start() {
    lock.withLock { started = true }
    if let text = cache?.output() {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lock.withLock { cached = ChildOutput(lines: lines, exitedNormally: true, ending: "exit 0") }
      return
    }
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    // No backtrace on a crash: the check shows the runtime's one line of why, at once.
    process.environment = ProcessInfo.processInfo.environment.merging(
      [ExploringChild.variable: "1", "SWIFT_BACKTRACE": "enable=no"]
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
    let reader = Thread { [self] in
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      lock.withLock { output = data }
      outputRead.signal()
    }
    let errorReader = Thread { [self] in
      let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
      lock.withLock { errors = data }
      errorsRead.signal()
    }
    lock.withLock { self.process = process }
    reader.start()
    errorReader.start()
  }

  /// Waits for the child to end, the first time; what it printed.
  func finish() throws -> ChildOutput {
    let (process, error, cached) = lock.withLock { (self.process, startError, self.cached) }
    if let cached { return cached }
    if let error { throw error }
    guard let process else {
      preconditionFailure(
        "the check's main.swift must call ExploringChild.exploreIfChild before any check")
    }
    process.waitUntilExit()
    // The pipe closes when the child exits: the reader then has every byte.
    outputRead.wait()
    errorsRead.wait()
    let text = String(decoding: lock.withLock { output ?? Data() }, as: UTF8.self)
    let errorText = String(decoding: lock.withLock { errors ?? Data() }, as: UTF8.self)
    let exitedNormally = process.terminationReason == .exit && process.terminationStatus == 0
    let finished = ChildOutput(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      errors: errorText.split(separator: "\n").map(String.init),
      exitedNormally: exitedNormally,
      ending: "\(process.terminationReason == .exit ? "exit" : "signal") "
        + "\(process.terminationStatus)")
    // Only what the scheduler decided is kept: never a crash (it may be the machine's, such as
    // memory), never a toolchain without the interface.
    if exitedNormally, !finished.lines.contains("EXPLORE-UNAVAILABLE") {
      cache?.keep(text)
    }
    lock.withLock { self.cached = finished }
    return finished
  }
}
