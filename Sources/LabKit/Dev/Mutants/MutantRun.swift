import CheckReporting
import Foundation

/// Checks mutants of reference solutions the way `lab verify --solutions` checks a solution:
/// the solution's files copied into a folder of the `Exercises/` layout, built with the
/// exercise's check by ``ExerciseChecker``, the check run with a time limit. One mutant at a time
/// is written over its file there, so each is an incremental rebuild of the exercise's module
/// and its check (SwiftPM's plan is made once per exercise, then ``DirectRebuild`` reruns its
/// compiles), in a build folder of its own that never disturbs the learner's or `verify`'s.
public struct MutantRun: Sendable {
  /// What a mutant's check said.
  public enum Outcome: String, Sendable, CaseIterable {
    /// A check failed or the check crashed: the checks tell the mutant from the solution.
    case killed
    /// The check ran past the time limit. A hang is no verdict a learner sees from the lab's
    /// checks as they are meant to be, so it is counted apart; it is no survivor either.
    case timedOut = "timed-out"
    /// Every check passed.
    case survived
    /// The mutant does not compile: it stands for no program at all.
    case doesNotCompile = "does-not-compile"
  }

  /// One mutant's outcome.
  public struct Result: Sendable {
    /// The exercise's id.
    public let exercise: String
    public let mutant: Mutant
    /// What its check said.
    public let outcome: Outcome
    /// The verdict in a line, such as `fail: toggles-overlap`.
    public let summary: String
    /// The build and the check, in seconds of wall time.
    public let seconds: Double
    /// Whether the direct rebuild left the previous mutant's build, and SwiftPM built again.
    public var rebuiltBySwiftPM = false
  }

  /// The build folder of the mutants, beside the learner's `.build-lab`.
  public static let scratchPath = ".build-lab-mutants"
  /// Where the mutated exercise lives, in the `Exercises/` layout.
  public static let overlay = ".lab/mutants"

  /// The package root.
  public let root: URL
  /// The `swift` driver; nil for the first on `PATH`.
  let swiftExecutable: String?

  /// Mutants of the lab at `root`, built with `swiftExecutable` (nil: the first on `PATH`).
  public init(root: URL, swiftExecutable: String? = nil) {
    self.root = root
    self.swiftExecutable = swiftExecutable
  }

  /// The checker, stopping a check after `timeout` seconds.
  func checker(timeout: TimeInterval) -> ExerciseChecker {
    // No kept verdicts: a mutant's exploration and compiler checks are computed afresh, and
    // so is its build (`compilesAfresh`): mutants are written one after another over one file.
    ExerciseChecker(
      root: root, scratchPath: Self.scratchPath, timeout: timeout,
      swiftExecutable: swiftExecutable, checkEnvironment: [LabEnvironment.noCache: "1"],
      compilesAfresh: true)
  }

  /// The time limit of a mutant's check when none is given: ten times what the solution's
  /// check took (measured under the same load), and never under `floor` seconds.
  public static func timeLimit(solutionSeconds: Double, floor: TimeInterval) -> TimeInterval {
    max(floor, (solutionSeconds * 10).rounded(.up))
  }

  /// Checks the solution, built already, once more, and times it: no build, the check alone.
  public func timeSolution(_ exercise: ExerciseCatalog.Exercise, timeout: TimeInterval) throws
    -> (verdict: Verdict, seconds: Double)
  {
    let start = Date()
    let verdict = try checker(timeout: timeout).check(exercise, from: .folder(Self.overlay))
    return (verdict, Date().timeIntervalSince(start))
  }

  /// Takes the mutants' build folder for this process, or throws when another `lab dev mutants`
  /// has it: two runs would rebuild each other's plans (``DirectRebuild`` runs SwiftPM's
  /// commands without SwiftPM's own lock). The lock goes with the process.
  public func lockBuildFolder() throws {
    let folder = root.appendingPathComponent(Self.scratchPath)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let descriptor = open(
      folder.appendingPathComponent("mutants.lock").path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw LabError(
        "another lab dev mutants is running in this checkout (\(Self.scratchPath) is taken)")
    }
    // Left open on purpose: closing it would let the lock go.
  }

  /// The mutants of `exercise`: of the files the learner edits, in the reference solution; in
  /// the functions the solution changes from the starter (as the lab came, from git), unless
  /// `wholeFiles`. A kata's starter code the learner never touches, and a coffee step's code
  /// an earlier step wrote, are other checks' to protect.
  public static func mutants(
    of exercise: ExerciseCatalog.Exercise, root: URL, wholeFiles: Bool = false
  ) throws -> [Mutant] {
    let committed = wholeFiles ? nil : CommittedFiles(root: root)
    return try exercise.files.flatMap { file in
      let url = root.appendingPathComponent("Solutions/\(exercise.id)/\(file)")
      let generator = MutantGenerator(
        file: file, text: try String(contentsOf: url, encoding: .utf8),
        nonisolatedNonsending: exercise.upcomingFeatures?.contains(
          "NonisolatedNonsendingByDefault") ?? false,
        defaultMainActor: exercise.defaultIsolation == "MainActor")
      let starter = committed.map { committed in
        committed.committedText(of: "Exercises/\(exercise.id)/\(file)")
          ?? (try? String(
            contentsOf: root.appendingPathComponent("Exercises/\(exercise.id)/\(file)"),
            encoding: .utf8))
          ?? ""
      }
      return generator.mutants(in: starter.map(generator.changedPlaces(since:)))
    }
  }

  private func folder(of exercise: ExerciseCatalog.Exercise) -> URL {
    root.appendingPathComponent("\(Self.overlay)/\(exercise.id)")
  }

  /// Copies the solution of `exercise` (its wrong answers aside) into the overlay, and checks
  /// it there: the verdict every mutant is compared with, and the build the mutants rebuild.
  public func prepare(_ exercise: ExerciseCatalog.Exercise, timeout: TimeInterval) throws
    -> Verdict
  {
    let manager = FileManager.default
    let destination = folder(of: exercise)
    try? manager.removeItem(at: destination)
    try manager.createDirectory(at: destination, withIntermediateDirectories: true)
    let solution = root.appendingPathComponent("Solutions/\(exercise.id)")
    for name in try manager.contentsOfDirectory(atPath: solution.path)
    where name.hasSuffix(".swift") {
      try manager.copyItem(
        at: solution.appendingPathComponent(name), to: destination.appendingPathComponent(name))
    }
    return try checker(timeout: timeout).check(exercise, from: .folder(Self.overlay))
  }

  /// Writes `mutant` over its file, checks it (stopped after `timeout` seconds), and puts the
  /// solution's file back.
  ///
  /// A mutant that builds must give a check executable linked after the mutant was written:
  /// one older is the previous mutant's, and its verdict would be that mutant's. Should a
  /// rebuild ever leave it so, SwiftPM builds the mutant again from its own plan.
  public func check(
    _ mutant: Mutant, of exercise: ExerciseCatalog.Exercise, timeout: TimeInterval
  ) throws -> Result {
    let file = folder(of: exercise).appendingPathComponent(mutant.file)
    let start = Date()
    try mutant.text.write(to: file, atomically: false, encoding: .utf8)
    defer { try? mutant.original.write(to: file, atomically: false, encoding: .utf8) }
    let written = Self.modificationDate(of: file) ?? start
    let products = builtProducts(of: exercise, file: mutant.file)
    var verdict = try checker(timeout: timeout).check(exercise, from: .folder(Self.overlay))
    var rebuilt = false
    if !Self.isFresh(verdict, products: products, since: written) {
      forgetBuild(of: exercise, file: mutant.file)
      rebuilt = true
      verdict = try checker(timeout: timeout).check(exercise, from: .folder(Self.overlay))
      guard Self.isFresh(verdict, products: products, since: written) else {
        throw LabError(
          "\(mutant.id): the check executable was not rebuilt for the mutant; "
            + "remove \(Self.scratchPath) and run again")
      }
    }
    var result = Result(
      exercise: exercise.id, mutant: mutant, outcome: Self.outcome(of: verdict),
      summary: verdict.summary, seconds: Date().timeIntervalSince(start))
    result.rebuiltBySwiftPM = rebuilt
    return result
  }

  /// What a build of a mutant of `file` must write anew: the object file compiled from it and
  /// the check executable linked with it.
  private func builtProducts(of exercise: ExerciseCatalog.Exercise, file: String) -> [URL] {
    let debug = root.appendingPathComponent("\(Self.scratchPath)/debug")
    return [
      debug.appendingPathComponent("\(exercise.module).build/\(file).o"),
      debug.appendingPathComponent(exercise.checkProduct),
    ]
  }

  /// Whether `verdict` comes from a build made since `written`: each of `products` written
  /// after it. A mutant that does not compile has no build to come from.
  static func isFresh(_ verdict: Verdict, products: [URL], since written: Date) -> Bool {
    if case .doesNotCompile = verdict { return true }
    return products.allSatisfy { product in
      modificationDate(of: product).map { $0 >= written } ?? false
    }
  }

  /// Forgets what the checker keeps of the last build, and the object compiled from `file`
  /// with its dependency record, so that SwiftPM plans again and compiles that file afresh: the
  /// incremental build kept the previous mutant's object for store-08's and apod-06's quick
  /// mutants. (Removing the module's whole build folder broke SwiftPM's later builds: it does
  /// not write its auxiliary files again.)
  private func forgetBuild(of exercise: ExerciseCatalog.Exercise, file: String) {
    let scratch = root.appendingPathComponent(Self.scratchPath)
    let objects = scratch.appendingPathComponent("debug/\(exercise.module).build")
    let stem = (file as NSString).deletingPathExtension
    for name in ["\(file).o", "\(stem).swiftdeps"] {
      try? FileManager.default.removeItem(at: objects.appendingPathComponent(name))
    }
    BuildFingerprint.forget(
      BuildFingerprint.record(for: exercise.checkProduct, scratchPath: scratch))
    BuildFingerprint.forget(
      BuildFingerprint.planRecord(for: exercise.checkProduct, scratchPath: scratch))
  }

  private static func modificationDate(of url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }

  /// The outcome a check's verdict gives a mutant.
  static func outcome(of verdict: Verdict) -> Outcome {
    switch verdict {
    case .passed: .survived
    case .failed, .crashed: .killed
    case .doesNotCompile: .doesNotCompile
    case .hung: .timedOut
    }
  }
}
