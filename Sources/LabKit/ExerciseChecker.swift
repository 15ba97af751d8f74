import CheckReporting
import CommandLineSupport
import Foundation
import SourceScan

/// Builds an exercise's check executable against some sources and runs it with a time limit.
public struct ExerciseChecker: Sendable {
  /// Where an exercise's sources come from.
  public enum Source: Sendable {
    /// The learner's files in `Exercises/`.
    case learner
    /// The reference answers in `Solutions/`.
    case solutions
    /// A folder with the `Exercises/` layout elsewhere: pristine starters, overlays.
    case folder(String)

    var environmentValue: String {
      switch self {
      case .learner: "exercises"
      case .solutions: "solutions"
      case .folder(let path): path
      }
    }

    func directory(of exercise: ExerciseCatalog.Exercise) -> String {
      switch self {
      case .learner: "Exercises/\(exercise.id)"
      case .solutions: "Solutions/\(exercise.id)"
      case .folder(let path): "\(path)/\(exercise.id)"
      }
    }
  }

  /// The package root.
  public let root: URL
  /// The build folder: the learner's checks and the verifications use different ones, so that
  /// neither undoes the other's incremental build.
  public let scratchPath: String
  /// How long a check may run before it counts as hung.
  public let timeout: TimeInterval
  /// The `swift` driver that builds the checks; nil for the first on `PATH`. Tests of the `lab`
  /// command give a stand-in, with check executables of their own already in `scratchPath`.
  public let swiftExecutable: String?
  /// More environment for running the checks (never for building them, so that the build stays
  /// incremental): `LAB_LANES` asks race checks to draw the lab's solution beside the learner's.
  public let checkEnvironment: [String: String]
  /// Whether every build compiles the exercise's module and its check in full, keeping no
  /// incremental state: for `lab verify` and `lab dev mutants`, which write one answer after
  /// another over the same files. There the incremental build, which tells changed files by
  /// their modification times and its dependency records, kept the previous mutant's object
  /// for quick mutants (`MutantRun`'s guard caught it), and a first staging folder for `lab
  /// verify` gave a row the previous row's verdicts and a bad pointer in answers that add a
  /// stored property. That cause was never isolated; compiling in full leaves neither of those
  /// records to trust. A learner's edits keep the incremental build, which is quicker.
  public let compilesAfresh: Bool

  public init(
    root: URL, scratchPath: String = ".build-lab", timeout: TimeInterval = 30,
    swiftExecutable: String? = nil, checkEnvironment: [String: String] = [:],
    compilesAfresh: Bool = false
  ) {
    self.root = root
    self.scratchPath = scratchPath
    self.timeout = timeout
    self.swiftExecutable = swiftExecutable
    self.checkEnvironment = checkEnvironment
    self.compilesAfresh = compilesAfresh
  }

  /// Swift's backtracer, set to print in plain text and never wait for a debugger, so that a
  /// crash report can name the runtime's message and the learner's frame, and a hang where each
  /// thread was. The settings are those of the Swift runtime's docs/Backtracing.rst; `threads` is
  /// left at its default, which prints every thread: on Swift 6.3.1 on Linux, `threads=all`
  /// printed the crashed thread only (probed; `hangNamesTheLoop` in LabKitTests keeps it so).
  static let backtraceSettings = "enable=yes,interactive=no,color=no,registers=none,images=none"

  /// GNU coreutils' `timeout`, which stops a check at its time limit with SIGQUIT: Swift's
  /// backtracer handles SIGQUIT as it handles a crash, so the output says where every thread
  /// was, and a hang in the learner's code can be named. Nil where there is none (macOS has no
  /// `timeout` of its own): the check is then stopped with SIGTERM, without a backtrace.
  static let hangStopper: String? = ["/usr/bin/timeout", "/bin/timeout"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether `timeout` had to stop the check: it exits with 124 after its signal, and when the
  /// command outlives that too (a Swift program does, once its backtracer has run), it kills it
  /// and then itself with SIGKILL.
  static func wasStopped(_ run: ProcessResult) -> Bool {
    run.signal == SIGKILL || (run.signal == nil && [124, 137].contains(run.status))
  }

  /// Builds and runs the checks of `exercise` against `source`. `progress` hears what is going
  /// on ("running"); `building` hears each module the build starts compiling; `warning` hears
  /// each of the learner's compiler warnings that the checks printed (`LAB-WARNING` lines).
  public func check(
    _ exercise: ExerciseCatalog.Exercise, from source: Source,
    warning: @Sendable (String) -> Void = { _ in },
    building: @escaping @Sendable (String) -> Void = { _ in },
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> Verdict {
    try check(
      exercise, from: source, runs: 1, warning: warning, building: building, progress: progress
    )[0]
  }

  /// Builds the checks of `exercise` against `source` once, then runs them `runs` times: one
  /// verdict per run, or a single `doesNotCompile`. `warning` hears the warnings of each run.
  /// `onlyCheck` names the one check to run (`LabEnvironment.onlyCheck`); nil runs them all.
  public func check(
    _ exercise: ExerciseCatalog.Exercise, from source: Source, runs: Int,
    onlyCheck: String? = nil,
    warning: @Sendable (String) -> Void = { _ in },
    building: @escaping @Sendable (String) -> Void = { _ in },
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> [Verdict] {
    let environment = [
      LabEnvironment.exercises: source.environmentValue,
      LabEnvironment.only: exercise.id,
      LabEnvironment.exerciseSources: source.directory(of: exercise),
      "TMPDIR": try temporaryFolder().path,
    ]
    // A re-check with nothing changed skips SwiftPM's no-op build (see `BuildFingerprint`).
    // Only with the real driver: the tests' stand-in drivers must always be called.
    let executable = root.appendingPathComponent("\(scratchPath)/debug/\(exercise.checkProduct)")
    let record = BuildFingerprint.record(
      for: exercise.checkProduct, scratchPath: root.appendingPathComponent(scratchPath))
    let scratch = root.appendingPathComponent(scratchPath)
    let (fingerprint, structure) =
      swiftExecutable == nil
      ? (
        BuildFingerprint.take(
          root: root, sourceFolder: source.directory(of: exercise), environment: environment,
          swift: try Self.swiftDriver()),
        BuildFingerprint.take(
          root: root, sourceFolder: source.directory(of: exercise), environment: environment,
          swift: try Self.swiftDriver(), learnerFiles: .byName)
      )
      : (nil, nil)
    // SwiftPM's build plan for this product, and the structure it was made for.
    let plan = scratch.appendingPathComponent("debug.yaml")
    let planRecord = BuildFingerprint.planRecord(for: exercise.checkProduct, scratchPath: scratch)
    if let fingerprint,
      BuildFingerprint.lastBuild(at: record, executable: executable) == fingerprint
    {
      progress("nothing changed since the last build")
      return try run(
        exercise, from: source, runs: runs, onlyCheck: onlyCheck, environment: environment,
        warning: warning,
        progress: progress)
    }
    // Only with the real driver: the tests' stand-in drivers link nothing, their check
    // executables are given.
    if compilesAfresh && swiftExecutable == nil { forgetLastBuild(of: exercise) }
    if let structure, structure.planStillFits(plan, record: planRecord),
      let rebuild = directRebuild(of: exercise, from: source, plan: plan)
    {
      BuildFingerprint.forget(record)
      building(exercise.module)
      let (succeeded, output) = try rebuild.run(
        in: root, environment: environment, inFull: compilesAfresh)
      guard succeeded else {
        let errors = CheckOutputParser.compileErrors(
          in: output, preferring: source.directory(of: exercise))
        return [
          .doesNotCompile(errors: errors.isEmpty ? [output.suffix(2000).description] : errors)
        ]
      }
      fingerprint?.write(to: record, executable: executable)
    } else {
      BuildFingerprint.forget(record)
      BuildFingerprint.forget(planRecord)
      // Each module the build starts on, for a learner watching a long first build.
      let modules = BuildModules()
      // No index store: no editor reads the checks' scratch folder (editors index Exercises/ in
      // their own), and writing one cost a first check about a fifth of its compiler time
      // (measured: 24.6 s and 25.5 s of user CPU without, 31.9 s and 29.7 s with).
      let build = try ProcessRunner.run(
        try swiftExecutable ?? Self.swiftDriver(),
        [
          "build", "--scratch-path", scratchPath, "--product", exercise.checkProduct,
          "--disable-index-store",
        ],
        in: root, environment: environment,
        onOutput: { line in modules.newModule(in: line).map { building($0) } })
      guard build.status == 0, !build.crashedBySignal else {
        let errors = CheckOutputParser.compileErrors(
          in: build.output, preferring: source.directory(of: exercise))
        return [
          .doesNotCompile(
            errors: errors.isEmpty ? [build.output.suffix(2000).description] : errors)
        ]
      }
      fingerprint?.write(to: record, executable: executable)
      structure?.writePlanRecord(plan: plan, to: planRecord)
    }
    return try run(
      exercise, from: source, runs: runs, onlyCheck: onlyCheck, environment: environment,
      warning: warning, progress: progress)
  }

  /// Runs the checks of `exercise`, built already, `runs` times.
  private func run(
    _ exercise: ExerciseCatalog.Exercise, from source: Source, runs: Int, onlyCheck: String?,
    environment: [String: String], warning: @Sendable (String) -> Void,
    progress: @escaping @Sendable (String) -> Void
  ) throws -> [Verdict] {
    var runEnvironment = environment.merging(checkEnvironment) { _, extra in extra }
    runEnvironment["SWIFT_BACKTRACE"] = Self.backtraceSettings
    if let onlyCheck { runEnvironment[LabEnvironment.onlyCheck] = onlyCheck }
    // An unsafe continuation resumed twice then stops at the second resume, in the runtime's
    // words ("Resuming continuation for task … that is not awaited (may have already been
    // resumed)"), instead of corrupting the task allocator and dying later. The runtime's
    // switch, in swift/stdlib/public/runtime/EnvironmentVariables.def; the runtime's own tests
    // of it (test/Concurrency/Runtime/continuation_validation*.swift) cite commit afc5116ef0de.
    runEnvironment["SWIFT_DEBUG_VALIDATE_UNCHECKED_CONTINUATIONS"] = "1"
    runEnvironment[LabEnvironment.moduleCompilerFlags] = exercise.moduleCompilerFlags
      .joined(separator: " ")
    return try (1...max(1, runs)).map { run in
      progress(
        "running the checks (time limit \(Int(timeout)) s)"
          + (runs > 1 ? ", run \(run) of \(runs)" : ""))
      return try runChecks(
        of: exercise, from: source, environment: runEnvironment, warning: warning)
    }
  }

  /// Removes what the last build of `exercise`'s module and its check left: their objects,
  /// the compiler's incremental records beside them (the build record, the dependency files)
  /// and the check executable, so that the next build, SwiftPM's or a direct rebuild, compiles
  /// every file and links again. Removing only the records was not enough: SwiftPM's build
  /// system, which tells changed files by its own signatures, then found nothing to do for an
  /// answer whose files were those of the last build, and linked nothing. The modules' other
  /// files stay: SwiftPM does not write its auxiliary files again.
  func forgetLastBuild(of exercise: ExerciseCatalog.Exercise) {
    let debug = root.appendingPathComponent("\(scratchPath)/debug")
    let manager = FileManager.default
    for module in [exercise.module, exercise.checkProduct] {
      let folder = debug.appendingPathComponent("\(module).build")
      for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
      where [".o", ".swiftdeps", ".priors"].contains(where: name.hasSuffix) {
        try? manager.removeItem(at: folder.appendingPathComponent(name))
      }
    }
    try? manager.removeItem(at: debug.appendingPathComponent(exercise.checkProduct))
  }

  /// The temporary folder of the builds and the checks, in the build folder, emptied of what
  /// is older than an hour. The Swift driver leaves a `TemporaryDirectory.*` behind in the
  /// temporary folder at each run (swiftlang/swift-driver#1720, open on 6.3.1: a dozen per
  /// check, measured), and a day of checks would leave thousands in `/tmp`. The same path every
  /// time: SwiftPM keeps its manifest's result per environment.
  func temporaryFolder() throws -> URL {
    let folder = root.appendingPathComponent("\(scratchPath)/tmp")
    let manager = FileManager.default
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    // An hour: a build or check of another `lab` running now keeps its folders.
    let old = Date(timeIntervalSinceNow: -3600)
    for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
      let item = folder.appendingPathComponent(name)
      let modified = (try? manager.attributesOfItem(atPath: item.path))?[.modificationDate]
      if let modified = modified as? Date, modified < old { try? manager.removeItem(at: item) }
    }
    return folder
  }

  /// The commands that rebuild `exercise`'s check after an edit inside the learner's files,
  /// from SwiftPM's last `plan` for it; nil when SwiftPM must build (see `DirectRebuild`).
  private func directRebuild(
    of exercise: ExerciseCatalog.Exercise, from source: Source, plan: URL
  ) -> DirectRebuild? {
    let folder = root.appendingPathComponent(source.directory(of: exercise))
    guard let text = try? String(contentsOf: plan, encoding: .utf8),
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return nil }
    let edited = Set(
      names.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path })
    return DirectRebuild.commands(in: text, edited: edited, product: exercise.checkProduct)
  }

  /// Runs the check executable already built for `exercise` once.
  private func runChecks(
    of exercise: ExerciseCatalog.Exercise, from source: Source, environment: [String: String],
    warning: @Sendable (String) -> Void
  ) throws -> Verdict {
    let executable = root.appendingPathComponent("\(scratchPath)/debug/\(exercise.checkProduct)")
      .path
    // Stopped by `timeout` when there is one, with SIGQUIT; `ProcessRunner`'s own limit is only
    // the net under it. A Swift program answers SIGQUIT with its backtrace and then lives on
    // (its spinning threads too), so once the backtrace is out the lab ends the check's process
    // group itself: the shell leads a group of its own (see `StoppedGroup`), says its number,
    // and `exec` hands it to `timeout`. Five seconds later `timeout` kills the check anyway,
    // for a backtrace that never comes (a program that is not Swift, started with
    // SIGQUIT blocked, as children of the test runner's threads are). A crash's signal `timeout`
    // raises on itself, so a crash still ends by its own signal.
    //
    // `--foreground`: the signal goes to the check alone. Without it `timeout` sends it to the
    // check, then again to its whole group (coreutils, src/timeout.c, `cleanup`); the second
    // one, landing once the backtracer has started (it runs in the same group), kills the
    // backtracer, and the report says "it never finished" (now and then, more often under load).
    let stopper = Self.hangStopper
    let group = StoppedGroup()
    let seconds = String(format: "%.3f", timeout)
    let run = try ProcessRunner.run(
      stopper == nil ? executable : "/bin/sh",
      stopper.map { timeoutPath in
        [
          "-c", "echo \(StoppedGroup.announcement)$$; exec \"$0\" \"$@\"", timeoutPath,
          "--foreground", "-s", "QUIT", "-k", "5", seconds, executable,
        ]
      } ?? [],
      in: root,
      // The exercise's own settings (such as `TZ`) come with the child's environment from its
      // start: set later with `setenv`, they could miss what the runtime read already.
      environment: environment.merging(exercise.checkEnvironment ?? [:]) { _, own in own },
      timeout: stopper == nil ? timeout : timeout + 20,
      onOutput: group.read)
    let lines = CheckOutputParser.checkLines(in: run.output)
    CheckOutputParser.warnings(in: run.output).forEach(warning)
    // Stopped at the limit is a hang, as before, even after a result line: a check process
    // that never ends has not answered.
    if run.timedOut || (stopper != nil && Self.wasStopped(run)) {
      let folder = source.directory(of: exercise)
      let inYourCode =
        CheckOutputParser.hasBacktrace(run.output)
        ? CheckOutputParser.learnerFramesOfEveryThread(in: run.output, sourceFolder: folder)
        : nil
      return .hung(
        seconds: timeout, check: CheckOutputParser.runningCheck(in: run.output),
        waitingFor: CheckOutputParser.waitingFor(in: run.output), inYourCode: inYourCode,
        waitsInYourCode: inYourCode == []
          ? BlockingWaits.places(in: exercise.files, of: folder, root: root) : [])
    }
    if run.crashedBySignal || !run.output.contains(CheckReport.Tag.result.prefix) {
      let folder = source.directory(of: exercise)
      let report = CheckOutputParser.crashReport(in: run.output, sourceFolder: folder)
      return .crashed(
        report.blaming(unsafeContinuationAt: firstUnsafeContinuation(in: folder)),
        check: CheckOutputParser.runningCheck(in: run.output))
    }
    return lines.allSatisfy(\.passed) && run.status == 0 ? .passed(lines) : .failed(lines)
  }

  /// Where the exercise's sources in `folder` first call `withUnsafeContinuation` or
  /// `withUnsafeThrowingContinuation` (comments and strings aside), as `folder/file:line`.
  func firstUnsafeContinuation(in folder: String) -> String? {
    let url =
      folder.hasPrefix("/")
      ? URL(fileURLWithPath: folder) : root.appendingPathComponent(folder)
    let uses = try? EscapeHatchScan.uses(inSwiftFilesUnder: url, of: [.unsafeContinuation])
    return uses?.first.map { "\(folder)/\($0.file):\($0.line)" }
  }

  /// What building the checks of `exercise` is about to do, and roughly how long it takes, for
  /// a learner watching: the first build of a scratch folder also builds the library the checks
  /// are made of (``FirstBuild``, the figures the README quotes); an exercise after that takes
  /// seconds.
  public func buildDescription(
    of exercise: ExerciseCatalog.Exercise, support: ExerciseCatalog.CheckSupport
  ) -> String {
    let what = "building \(exercise.id) (module \(exercise.module)) and its checks"
    guard isFirstBuild(support: support) else { return "\(what) (seconds)" }
    let (beneath, time) =
      support == .coffee
      ? (
        "the Coffee Tracker, its scenarios and race replays, which the checks run on",
        FirstBuild.coffeeChecks
      )
      : ("the lab's check core", FirstBuild.kataChecks)
    return "\(what), and once \(beneath) (first build: \(time); later checks: seconds)"
  }

  /// Whether the library the checks are made of is still to be built in this scratch folder.
  public func isFirstBuild(support: ExerciseCatalog.CheckSupport) -> Bool {
    let module = root.appendingPathComponent(
      "\(scratchPath)/debug/Modules/\(support.rawValue).swiftmodule")
    return !FileManager.default.fileExists(atPath: module.path)
  }

  /// The `swift` driver: the first on `PATH`.
  static func swiftDriver() throws -> String {
    guard let swift = ProcessRunner.executable(named: "swift") else {
      throw LabError("swift not found on PATH")
    }
    return swift
  }
}

/// Reads SwiftPM's build output (`[12/143] Compiling CoffeeDomain Drink.swift`) and names each
/// module the first time the build starts on it, so that a long first build shows what it is
/// building. (Not a percentage: SwiftPM's count of steps grows while it plans.)
final class BuildModules: @unchecked Sendable {
  // Lines arrive on the output reader's thread; the lock keeps the set consistent anyway.
  private let lock = NSLock()
  private var seen: Set<String> = []

  /// The module `line` starts compiling, the first time it appears; else nil.
  func newModule(in line: String) -> String? {
    guard let match = line.firstMatch(of: #/^\[\d+/\d+\] (?:Compiling|Emitting module) (\w+)/#)
    else { return nil }
    let module = String(match.output.1)
    lock.lock()
    defer { lock.unlock() }
    return seen.insert(module).inserted ? module : nil
  }
}

/// Lines collected from a callback that may run on another thread.
final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    lines.append(line)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// The process group of a check started under `timeout`, ended as soon as the backtrace of
/// the lab's own SIGQUIT is complete (see `ExerciseChecker.runChecks`).
final class StoppedGroup: @unchecked Sendable {
  /// The line the starting shell prints, followed by its process id, which `exec` hands on to
  /// `timeout`: the group's id too, since the shell leads a group of its own (Foundation's
  /// `Process` starts each child so on Linux; `HangReportTests` keeps it so). (`LAB-` lines are
  /// the lab's own, never the learner's.)
  static let announcement = "LAB-PROCESS-GROUP "
  // Lines arrive one at a time on the output reader's thread; the lock keeps that so.
  private let lock = NSLock()
  private var leader: pid_t?
  private var stoppedByLab = false

  /// Reads one line of the check's output.
  func read(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    if line.hasPrefix(Self.announcement) {
      leader = pid_t(line.dropFirst(Self.announcement.count))
    } else if line.hasPrefix("*** Signal \(SIGQUIT):") {
      // The backtracer's first line for the lab's SIGQUIT, not for a crash.
      stoppedByLab = true
    } else if stoppedByLab, line.hasPrefix("Backtrace took"), let leader {
      kill(-leader, SIGKILL)
    }
  }
}
