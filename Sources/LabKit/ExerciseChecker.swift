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

  public init(
    root: URL, scratchPath: String = ".build-lab", timeout: TimeInterval = 30,
    swiftExecutable: String? = nil, checkEnvironment: [String: String] = [:]
  ) {
    self.root = root
    self.scratchPath = scratchPath
    self.timeout = timeout
    self.swiftExecutable = swiftExecutable
    self.checkEnvironment = checkEnvironment
  }

  /// Swift's backtracer, set to print the crashed thread in plain text and never wait for a
  /// debugger, so that a crash report can name the runtime's message and the learner's frame.
  /// The settings are those of the Swift runtime's docs/Backtracing.rst.
  static let backtraceSettings =
    "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none"

  /// Builds and runs the checks of `exercise` against `source`. `progress` hears what is going
  /// on ("building", "running"); `warning` hears each of the learner's compiler warnings that the
  /// checks printed (`LAB-WARNING` lines).
  public func check(
    _ exercise: ExerciseCatalog.Exercise, from source: Source,
    warning: @Sendable (String) -> Void = { _ in },
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> Verdict {
    try check(exercise, from: source, runs: 1, warning: warning, progress: progress)[0]
  }

  /// Builds the checks of `exercise` against `source` once, then runs them `runs` times: one
  /// verdict per run, or a single `doesNotCompile`. `warning` hears the warnings of each run.
  public func check(
    _ exercise: ExerciseCatalog.Exercise, from source: Source, runs: Int,
    warning: @Sendable (String) -> Void = { _ in },
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> [Verdict] {
    let environment = [
      LabEnvironment.exercises: source.environmentValue,
      LabEnvironment.only: exercise.id,
      LabEnvironment.exerciseSources: source.directory(of: exercise),
    ]
    progress("building \(exercise.module) and its checks")
    let build = try ProcessRunner.run(
      try swiftExecutable ?? Self.swiftDriver(),
      ["build", "--scratch-path", scratchPath, "--product", exercise.checkProduct],
      in: root, environment: environment)
    guard build.status == 0, !build.crashedBySignal else {
      let errors = CheckOutputParser.compileErrors(
        in: build.output, preferring: source.directory(of: exercise))
      return [
        .doesNotCompile(
          errors: errors.isEmpty ? [build.output.suffix(2000).description] : errors)
      ]
    }
    var runEnvironment = environment.merging(checkEnvironment) { _, extra in extra }
    runEnvironment["SWIFT_BACKTRACE"] = Self.backtraceSettings
    // An unsafe continuation resumed twice then stops at the second resume, in the runtime's
    // words ("Resuming continuation for task … that is not awaited (may have already been
    // resumed)"), instead of corrupting the task allocator and dying later. The runtime's
    // switch, swift/stdlib/public/runtime/EnvironmentVariables.def (swiftlang/swift#61076).
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

  /// Runs the check executable already built for `exercise` once.
  private func runChecks(
    of exercise: ExerciseCatalog.Exercise, from source: Source, environment: [String: String],
    warning: @Sendable (String) -> Void
  ) throws -> Verdict {
    let executable = root.appendingPathComponent("\(scratchPath)/debug/\(exercise.checkProduct)")
      .path
    // The exercise's own settings (such as `TZ`) come with the child's environment from its
    // start: set later with `setenv`, they could miss what the runtime read already.
    let run = try ProcessRunner.run(
      executable, [], in: root,
      environment: environment.merging(exercise.checkEnvironment ?? [:]) { _, own in own },
      timeout: timeout)
    let lines = CheckOutputParser.checkLines(in: run.output)
    CheckOutputParser.warnings(in: run.output).forEach(warning)
    if run.timedOut {
      return .hung(
        seconds: timeout, check: CheckOutputParser.runningCheck(in: run.output),
        waitingFor: CheckOutputParser.waitingFor(in: run.output))
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

  /// The `swift` driver: the first on `PATH`.
  static func swiftDriver() throws -> String {
    guard let swift = ProcessRunner.executable(named: "swift") else {
      throw LabError("swift not found on PATH")
    }
    return swift
  }
}
