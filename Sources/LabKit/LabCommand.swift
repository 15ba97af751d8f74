import Foundation

/// The `lab` command: work through the exercises with fast, honest feedback.
public struct LabCommand {
  public static let usage = """
    lab: work through the Swift concurrency exercises, one step at a time.

    Usage: swift run lab <command> [options]     (or: make lab ARGS="<command> ...")

    Commands:
      list                  Every exercise with its state, and your progress.
      check [N]             Check the current exercise, or exercise N (3, 03 or 03-query-continuation).
      hint [N] [LEVEL]      The next hint for an exercise; LEVEL shows a given tier (1 is gentlest).
      watch [N]             Check again whenever the exercise's files change; move on when it passes.
      next [N]              Make N (or the exercise after the current one) the current exercise.
      reset [N]             Restore an exercise's starter files; yours are kept in a backup.
      diff [N]              Your files beside the starter's and the solution's.
      solution [N]          Show the reference answer (after solving it, or with --force).
      verify                Prove the track: solutions pass, starters and wrong answers fail.

    Run `swift run lab <command> --help` for a command's options.
    Exit codes: 0 done or passed, 1 a check or verification failed, 2 a usage error.
    """

  let root: URL
  let output: Output

  public init(root: URL, output: Output = Output()) {
    self.root = root
    self.output = output
  }

  /// Finds the package root: the nearest folder, from the current one up, holding
  /// `Exercises/exercises.json`.
  public static func findRoot(
    from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws -> URL {
    var folder = start.standardizedFileURL
    while true {
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Exercises/exercises.json").path)
      {
        return folder
      }
      let parent = folder.deletingLastPathComponent()
      guard parent.path != folder.path else {
        throw LabError("no Exercises/exercises.json here or above: run lab from the lab's folder")
      }
      folder = parent
    }
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first, !command.hasPrefix("-") else {
      output.line(Self.usage)
      return arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") ? 0 : 2
    }
    var options = Options(Array(arguments.dropFirst()))
    do {
      if options.flag("--help", "-h") {
        output.line(Self.help(for: command))
        return 0
      }
      let catalog = try ExerciseCatalog.load(root: root)
      switch command {
      case "list": return try list(catalog, options)
      case "check": return try check(catalog, options)
      case "hint": return try hint(catalog, options)
      case "watch": return try watch(catalog, options)
      case "next": return try next(catalog, options)
      case "reset": return try reset(catalog, options)
      case "diff": return try diff(catalog, options)
      case "solution": return try solution(catalog, options)
      case "verify": return try verify(catalog, options)
      default: throw UsageError("unknown command '\(command)'")
      }
    } catch let error as UsageError {
      output.error("lab: \(error.description). Run `swift run lab --help`.")
      return 2
    } catch {
      output.error("lab: \(error)")
      return 1
    }
  }

  static func help(for command: String) -> String {
    switch command {
    case "list":
      "lab list\n  Every exercise, marked ✓ solved, ▶ current or · to do, and your progress."
    case "check":
      """
      lab check [N] [--timeout SECONDS]
        Builds exercise N (default: the current one) with its checks and runs them. A check that
        crashes is reported with its reason; one that runs longer than --timeout (default 30, or
        LAB_TIMEOUT) is stopped and reported as hung. Passing marks the exercise solved.
      """
    case "hint":
      "lab hint [N] [LEVEL]\n  Shows the next hint of exercise N, or tier LEVEL. The first hint is gentle, the last nearly the answer."
    case "watch":
      """
      lab watch [N] [--interval SECONDS] [--timeout SECONDS]
        Checks the exercise, then again whenever one of its files changes (polling every
        --interval seconds, default 1, so it works on every file system). When it passes, moves on
        to the next exercise. Stop with Ctrl-C.
      """
    case "next":
      "lab next [N]\n  Makes exercise N, or the one after the current one, the current exercise. Learners can start anywhere."
    case "reset":
      "lab reset [N]\n  Restores the starter files of exercise N; your files are first copied to .lab/backups/, whose path is printed."
    case "diff":
      "lab diff [N]\n  Shows your files of exercise N beside the starter's (what you changed) and the solution's (what is left)."
    case "solution":
      "lab solution [N] [--force]\n  Prints the reference answer's files of exercise N, once you solved it, or with --force."
    case "verify":
      """
      lab verify [--solutions] [--starters] [--wrong-answers] [--track ID] [--only N] [--timeout SECONDS]
        Proves the track (all three by default): every solution passes its checks, every pristine
        starter (as committed) fails for the reason its metadata names, and every kept wrong answer
        fails the check it names. Prints one table; exits 1 if anything is not as expected.
      """
    default: usage
    }
  }

  // MARK: list

  func list(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    try options.done()
    let progress = loadProgress()
    let current = progress.currentExercise(in: catalog)
    for track in catalog.tracks {
      let solved = track.exercises.filter { progress.solved.contains($0.id) }.count
      output.line(
        "\(track.title)  (\(solved)/\(track.exercises.count) solved, \(percent(solved, track.exercises.count)))"
      )
      for exercise in track.exercises {
        let mark = progress.solved.contains(exercise.id) ? "✓" : exercise == current ? "▶" : "·"
        output.line(
          "  \(mark) \(exercise.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(exercise.title)"
        )
      }
      output.line("")
    }
    let all = catalog.allExercises
    let solved = all.filter { progress.solved.contains($0.id) }.count
    output.line(
      "Progress: \(solved) of \(all.count) exercises solved (\(percent(solved, all.count))).")
    if let current { output.line("Current: \(current.id). Next step: swift run lab check") }
    return 0
  }

  // MARK: check

  func check(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    var options = options
    let timeout = try options.timeout()
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let verdict = try runCheck(exercise, timeout: timeout)
    return verdict.isPass ? 0 : 1
  }

  /// Checks `exercise`, prints the verdict, and records a pass.
  @discardableResult
  func runCheck(_ exercise: ExerciseCatalog.Exercise, timeout: TimeInterval) throws -> Verdict {
    output.line("Exercise \(exercise.id) · \(exercise.title)")
    let checker = ExerciseChecker(root: root, timeout: timeout)
    let output = self.output
    let verdict = try checker.check(
      exercise, from: .learner, warning: { output.line("  warning: \($0)") },
      progress: { output.dim("  \($0)…") })
    report(verdict, for: exercise)
    if verdict.isPass {
      var progress = loadProgress()
      progress.solved.insert(exercise.id)
      try progress.save(root: root)
    }
    return verdict
  }

  func report(_ verdict: Verdict, for exercise: ExerciseCatalog.Exercise) {
    let hint = "Stuck? swift run lab hint \(exercise.number.map(String.init) ?? exercise.id)"
    switch verdict {
    case .passed(let lines):
      for line in lines { output.good("  ✓ \(line.name)") }
      output.good("Solved: all \(lines.count) checks pass.")
    case .failed(let lines):
      for line in lines {
        if line.passed {
          output.good("  ✓ \(line.name)")
        } else {
          output.bad("  ✗ \(line.name)")
          if let detail = line.detail { output.line("      \(detail)") }
        }
      }
      let failing = lines.filter { !$0.passed }.count
      output.bad("Not yet: \(failing) of \(lines.count) checks fail. \(hint)")
    case .doesNotCompile(let errors):
      output.bad("  ✗ does not compile:")
      for error in errors.prefix(8) { output.line("      \(error)") }
      if errors.count > 8 { output.line("      … and \(errors.count - 8) more errors") }
      output.bad("Fix the first error and check again. \(hint)")
    case .crashed(let reason, let check):
      output.bad("  ✗ crashed" + (check.map { " while checking \"\($0)\"" } ?? "") + ":")
      output.line("      \(reason)")
      output.bad(
        "A crash is a bug, not a wrong answer: a continuation resumed twice, a failed precondition, a forced unwrap? \(hint)"
      )
    case .hung(let seconds, let check):
      output.bad(
        "  ✗ hung" + (check.map { " while checking \"\($0)\"" } ?? "")
          + ": stopped after \(Int(seconds)) s")
      output.bad(
        "Something waits forever: a continuation never resumed on some path, or the main queue waiting for itself. Look at each await and each completion handler in the files you edited. \(hint)"
      )
    }
  }

  // MARK: hint

  func hint(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    let positional = try options.positional(max: 2)
    let exercise = try pick(catalog, positional.first)
    guard !exercise.hints.isEmpty else {
      output.line(
        "Exercise \(exercise.id) has no hints yet: read Exercises/\(exercise.id)/README.md.")
      return 0
    }
    var progress = loadProgress()
    let level: Int
    if positional.count == 2 {
      guard let requested = Int(positional[1]), (1...exercise.hints.count).contains(requested)
      else {
        throw UsageError("LEVEL is a number from 1 to \(exercise.hints.count)")
      }
      level = requested
    } else {
      level = min((progress.hintsShown[exercise.id] ?? 0) + 1, exercise.hints.count)
    }
    output.line("Exercise \(exercise.id), hint \(level) of \(exercise.hints.count):")
    output.line("")
    output.line(wrap(exercise.hints[level - 1], indent: "  "))
    output.line("")
    if level < exercise.hints.count {
      output.dim("More: swift run lab hint \(exercise.number.map(String.init) ?? exercise.id)")
    }
    progress.hintsShown[exercise.id] = max(progress.hintsShown[exercise.id] ?? 0, level)
    try progress.save(root: root)
    return 0
  }

  // MARK: watch

  func watch(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    var options = options
    let interval = try options.number("--interval") ?? 1
    let timeout = try options.timeout()
    var exercise = try pick(catalog, options.positional(max: 1).first)
    setCurrent(exercise)
    var lastSeen = modificationDates(of: exercise)
    try runCheck(exercise, timeout: timeout)
    output.dim("Watching Exercises/\(exercise.id)/ for changes (Ctrl-C to stop)…")
    while true {
      Thread.sleep(forTimeInterval: interval)
      let now = modificationDates(of: exercise)
      guard now != lastSeen else { continue }
      lastSeen = now
      output.line("")
      let verdict = try runCheck(exercise, timeout: timeout)
      guard verdict.isPass else { continue }
      let progress = loadProgress()
      guard let following = nextUnsolved(after: exercise, in: catalog, progress: progress) else {
        output.good("Every exercise is solved. Well done.")
        return 0
      }
      exercise = following
      setCurrent(exercise)
      lastSeen = modificationDates(of: exercise)
      output.line("")
      output.line(
        "Next: \(exercise.id) · \(exercise.title). Read Exercises/\(exercise.id)/README.md.")
      try runCheck(exercise, timeout: timeout)
      output.dim("Watching Exercises/\(exercise.id)/ for changes (Ctrl-C to stop)…")
    }
  }

  func modificationDates(of exercise: ExerciseCatalog.Exercise) -> [String: Date] {
    let folder = root.appendingPathComponent("Exercises/\(exercise.id)")
    var dates: [String: Date] = [:]
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    where file.hasSuffix(".swift") {
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(file).path)
      dates[file] = attributes?[.modificationDate] as? Date
    }
    return dates
  }

  // MARK: next

  func next(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    let named = try options.positional(max: 1).first
    let progress = loadProgress()
    let exercise: ExerciseCatalog.Exercise
    if let named {
      exercise = try catalog.exercise(named: named)
    } else {
      let current = progress.currentExercise(in: catalog)
      let all = catalog.allExercises
      guard let current, let index = all.firstIndex(of: current), index + 1 < all.count else {
        output.line("There is no exercise after this one.")
        return 0
      }
      exercise = all[index + 1]
    }
    setCurrent(exercise)
    output.line("Current exercise: \(exercise.id) · \(exercise.title)")
    output.line(
      "Read Exercises/\(exercise.id)/README.md, edit \(exercise.files.joined(separator: ", ")), then: swift run lab check"
    )
    return 0
  }

  // MARK: reset

  func reset(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let fileManager = FileManager.default
    let folder = root.appendingPathComponent("Exercises/\(exercise.id)")
    let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
    let backup = root.appendingPathComponent(".lab/backups/\(exercise.id)-\(stamp)")
    try fileManager.createDirectory(at: backup, withIntermediateDirectories: true)
    for file in try fileManager.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      try fileManager.copyItem(
        at: folder.appendingPathComponent(file), to: backup.appendingPathComponent(file))
    }
    let restore = try ProcessRunner.run(
      "/bin/sh", ["-c", "git checkout HEAD -- 'Exercises/\(exercise.id)'"], in: root)
    guard restore.status == 0 else {
      throw LabError(
        "could not restore the starter with git: \(restore.output). Your files are safe in \(backup.path)"
      )
    }
    var progress = loadProgress()
    progress.solved.remove(exercise.id)
    try progress.save(root: root)
    output.line("Restored the starter of \(exercise.id).")
    output.line("Your version is kept in \(relative(backup)).")
    return 0
  }

  // MARK: diff

  func diff(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let pristine = try Verification(root: root, timeout: 0).exportPristineStarters()
    for file in exercise.files {
      let mine = "Exercises/\(exercise.id)/\(file)"
      output.line("== \(file): the starter → yours")
      output.line(try diffText("\(pristine)/\(exercise.id)/\(file)", mine))
      output.line("== \(file): yours → the solution")
      output.line(try diffText(mine, "Solutions/\(exercise.id)/\(file)"))
    }
    return 0
  }

  func diffText(_ from: String, _ to: String) throws -> String {
    let result = try ProcessRunner.run("/usr/bin/env", ["diff", "-u", from, to], in: root)
    return result.output.isEmpty ? "   (no difference)" : result.output
  }

  // MARK: solution

  func solution(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    var options = options
    let force = options.flag("--force")
    let exercise = try pick(catalog, options.positional(max: 1).first)
    guard force || loadProgress().solved.contains(exercise.id) else {
      output.line("Solve \(exercise.id) first (swift run lab check), or look anyway with --force.")
      return 1
    }
    for file in exercise.files {
      let path = "Solutions/\(exercise.id)/\(file)"
      output.line("== \(path)")
      output.line(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }
    return 0
  }

  // MARK: verify

  func verify(_ catalog: ExerciseCatalog, _ options: Options) throws -> Int32 {
    var options = options
    var kinds = Verification.Kind.allCases.filter { options.flag("--\($0.rawValue)") }
    if kinds.isEmpty { kinds = Verification.Kind.allCases }
    let only = try options.value("--only")
    let trackID = try options.value("--track")
    let timeout = try options.timeout()
    try options.done()
    var exercises = try only.map { [try catalog.exercise(named: $0)] } ?? catalog.allExercises
    if let trackID {
      guard let track = catalog.tracks.first(where: { $0.id == trackID }) else {
        throw UsageError(
          "no track '\(trackID)'; tracks: \(catalog.tracks.map(\.id).joined(separator: ", "))")
      }
      exercises = exercises.filter(track.exercises.contains)
    }
    let verification = Verification(root: root, timeout: timeout)
    var unexpected = 0
    var total = 0
    let start = Date()
    for kind in kinds {
      output.line("== Verifying \(kind.rawValue) (\(exercises.count) exercises)")
      let output = self.output
      let rows = try verification.verify(kind, exercises) { row in
        let mark = row.isAsExpected ? "✓" : "✗"
        let line =
          "  \(mark) \(row.exercise) · \(row.subject): expected to \(row.expected); got \(row.verdict.summary)"
        row.isAsExpected ? output.good(line) : output.bad(line)
      }
      unexpected += rows.filter { !$0.isAsExpected }.count
      total += rows.count
    }
    let seconds = Int(Date().timeIntervalSince(start))
    if unexpected == 0 {
      output.good("verify: all \(total) as expected in \(seconds) s.")
      return 0
    }
    output.bad("verify: \(unexpected) of \(total) not as expected (\(seconds) s).")
    return 1
  }

  // MARK: helpers

  func pick(_ catalog: ExerciseCatalog, _ name: String?) throws -> ExerciseCatalog.Exercise {
    if let name { return try catalog.exercise(named: name) }
    guard let current = loadProgress().currentExercise(in: catalog) else {
      throw LabError("every exercise is solved; name one to check it again")
    }
    return current
  }

  func nextUnsolved(
    after exercise: ExerciseCatalog.Exercise, in catalog: ExerciseCatalog, progress: Progress
  ) -> ExerciseCatalog.Exercise? {
    let all = catalog.allExercises
    guard let index = all.firstIndex(of: exercise) else { return nil }
    return (all[(index + 1)...] + all[..<index]).first { !progress.solved.contains($0.id) }
  }

  func setCurrent(_ exercise: ExerciseCatalog.Exercise) {
    var progress = loadProgress()
    progress.current = exercise.id
    try? progress.save(root: root)
  }

  func loadProgress() -> Progress {
    Progress.load(root: root) { output.error("lab: \($0)") }
  }

  func relative(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let rootPath = root.standardizedFileURL.path + "/"
    return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
  }

  func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "0%" : "\(part * 100 / whole)%"
  }

  func wrap(_ text: String, indent: String, width: Int = 96) -> String {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ") {
      if line.count + word.count + 1 > width, line != indent {
        lines.append(line)
        line = indent
      }
      line += (line == indent ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
