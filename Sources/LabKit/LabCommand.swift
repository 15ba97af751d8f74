import CheckReporting
import CommandLineSupport
import Foundation

/// The `lab` command: work through the exercises with fast, honest feedback.
public struct LabCommand {
  public static let usage = """
    lab: work through the Swift concurrency exercises, one step at a time.

    Usage: swift run lab <command> [options]
       or: ./lab <command> [options]   (the same, without SwiftPM's start: sooner)

    Commands:
      list                  Every exercise with its short name and state, and your progress.
      check [N]             Check the current exercise, or exercise N.
      hint [N] [LEVEL]      The next hint for an exercise; LEVEL shows a given tier (1 is gentlest).
      watch [N]             Check again whenever the exercise's files change; move on when it passes.
      next [N]              Make N (or the exercise after the current one) the current exercise.
      reset [N]             Restore an exercise's starter files; yours are kept in a backup.
      diff [N]              Your files beside the starter's and the solution's.
      solution [N]          The reference answer as a diff against the starter (after solving it,
                            or with --force); --files prints whole files.
      verify                Prove the tracks: solutions pass, starters and wrong answers fail.
      dev COMMAND           For maintainers: check, sync, new, convert-wrong-answers, mutants
                            (lab dev help).
      help [COMMAND]        This text, or a command's options.

    N names an exercise: 3, 03 or 03-query-continuation in the migration track; apod/1,
    appstore/1 (or store/1) in the katas; `lab list` shows each one's short name.
    Run `swift run lab help <command>` (or `<command> --help`) for a command's options.
    Exit codes: 0 done or passed, 1 a check or verification failed, 2 a usage error.
    """

  let root: URL
  let output: Output
  /// The `swift` driver that builds checks; nil for the first on `PATH` (tests give a stand-in).
  let swiftExecutable: String?

  public init(root: URL, output: Output = Output(), swiftExecutable: String? = nil) {
    self.root = root
    self.output = output
    self.swiftExecutable = swiftExecutable
  }

  /// The commands, each with the help `lab help CMD` and `lab CMD --help` print.
  static let tool = CommandLineTool(
    name: "lab", overview: usage,
    commands: [
      "list", "check", "hint", "watch", "next", "reset", "diff", "solution", "verify", "dev",
    ]
    .map { CommandLineTool.Command($0, help: help(for: $0)) })

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
    do {
      // `dev` has commands of its own, and their help.
      if arguments.first == "dev" {
        return try DevCommand(root: root, output: output).run(Array(arguments.dropFirst()))
      }
      guard
        let (command, options) = try Self.tool.commandToRun(
          arguments, printingHelpWith: output.paragraphs)
      else { return 0 }
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
      default: return try verify(catalog, options)
      }
    } catch {
      let report = ErrorReport(error, tool: "lab", command: Self.tool.knownCommand(in: arguments))
      output.error(report.message)
      return report.exitCode
    }
  }

  static func help(for command: String) -> String {
    switch command {
    case "list":
      """
      lab list
        Every exercise with the short name to type (3, apod/1, appstore/1), marked ✓ solved,
        ▶ current or · to do, and your progress. Exercises whose module builds with a default
        isolation or an upcoming feature show those settings under their title.
      """
    case "check":
      """
      lab check [N] [--timeout SECONDS] [--lanes] [--all-warnings]
                [--schedule SCENARIO@SCHEDULE]
        Builds exercise N (default: the current one) with its checks and runs them. The very
        first check builds what the checks run on as well (\(FirstBuild.coffeeChecks), a kata's
        \(FirstBuild.kataChecks)); later checks take seconds. A failing check says what it
        expected and what it found; a failing race check draws your racing steps on their lanes, and with --lanes the lab's solution under the
        same schedule too. A crash counts as a wrong answer and is reported with the runtime's
        message and the line of your code it came from; a check that runs longer than --timeout
        (default 30, or LAB_TIMEOUT) is stopped and reported as hung, with the function and line
        of your code it never returned from, or what it was waiting for. Passing marks the
        exercise solved and names the next one.
        The compiler's warnings in the code this step changes (the declarations its solution or
        you change, in the files it edits) are shown; the others are only counted:
        --all-warnings shows them too.
        The check that explores every order of the app's work prints, on a failure, the
        schedule it found as SCENARIO@SCHEDULE; --schedule replays exactly that schedule on
        your code and draws it whole, the same on every run (add a print, run it again).
        Exit code 0 when every check passes, 1 otherwise.
      """
    case "hint":
      "lab hint [N] [LEVEL]\n  Shows the next hint of exercise N, or tier LEVEL. The first hint is gentle, the last nearly the answer."
    case "watch":
      """
      lab watch [N] [--interval SECONDS] [--timeout SECONDS] [--all-warnings]
        Checks the exercise, then again whenever one of its files changes (polling every
        --interval seconds, default 0.25, so it works on every file system); each run starts
        under a rule with the time, on a cleared screen when the output is a terminal. When it
        passes (the first run too), moves on to the next step not yet solved, of the same track
        first. Ends with exit code 0 when every exercise is solved; stop it with Ctrl-C.
        --all-warnings as for check.
      """
    case "next":
      "lab next [N]\n  Makes exercise N, or the one after the current one, the current exercise. Learners can start anywhere."
    case "reset":
      """
      lab reset [N]
        Restores the starter files of exercise N from git, as the lab came (from its upstream,
        also when you committed your work since). Your files are first copied to
        .lab/backups/<exercise>-<time>/; the command to copy them back is printed.
      """
    case "diff":
      "lab diff [N]\n  Shows your files of exercise N beside the starter's (what you changed) and the solution's (what is left)."
    case "solution":
      """
      lab solution [N] [--force] [--files]
        Shows the reference answer of exercise N as a diff against its starter: what the solution
        changes. --files prints the solution's whole files instead. Only once you solved N (so
        that it does not spoil the exercise), or with --force.
      """
    case "verify":
      """
      lab verify [--solutions] [--starters] [--wrong-answers] [--right-answers]
                 [--track ID] [--only N[,N...]] [--repeat TIMES] [--repeat-only N[,N...]]
                 [--rerun-threads-only] [--timeout SECONDS]
        Proves the tracks (all four kinds by default): every solution passes its checks, every
        pristine starter (as committed) fails for the reason its metadata names, every kept
        wrong answer fails the check it names, and every kept right answer (another correct
        answer than the solution) passes them all. --only takes one exercise or a list, separated by
        commas. --repeat runs each of them TIMES times (default 1) and counts it wrong if the
        verdict ever differs: a verdict must not depend on the machine's speed. Each run
        computes everything again, unless --rerun-threads-only: then the runs after the first
        read back what the compiler and the deterministic scheduler decided (the same on every
        run by construction) and run again only the checks on real threads. --repeat-only
        repeats only the wrong answers of the exercises listed, every other row running once.
        Exercise by exercise, every row is built in one staging folder (.lab/overlays/staged),
        compiled in full; a wrong answer's row runs only the check it names. --timeout is 120
        seconds per check run unless given (or LAB_TIMEOUT), four times lab check's: a net for
        a hang, which a check slowed by a busy machine should not reach. Prints one table; exits 1 if anything is not as expected.
      """
    case "dev": DevCommand.usage
    default: usage
    }
  }

  // MARK: list

  func list(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
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
        let name = catalog.shortName(of: exercise).padding(
          toLength: 12, withPad: " ", startingAt: 0)
        let row =
          "  \(mark) \(name) \(exercise.id.padding(toLength: 32, withPad: " ", startingAt: 0)) "
        output.verbatim(listRow(row, title: exercise.title))
        // The settings that change what the code means, from the steps that turn them on.
        if exercise.defaultIsolation != nil || !(exercise.upcomingFeatures ?? []).isEmpty {
          output.dim("      \(String(repeating: " ", count: 12)) \(exercise.languageSettings)")
        }
      }
      output.line("")
    }
    let all = catalog.allExercises
    let solved = all.filter { progress.solved.contains($0.id) }.count
    output.line(
      "Progress: \(solved) of \(all.count) exercises solved (\(percent(solved, all.count))).")
    if let current {
      let name = catalog.shortName(of: current)
      if !progress.solved.contains(current.id) {
        output.line("Current: \(name) (\(current.id)). Next step: swift run lab check")
      } else if let following = nextUnsolved(after: current, in: catalog, progress: progress) {
        // Checking a solved exercise again would only repeat the pass: point past it.
        let next = catalog.shortName(of: following)
        output.line(
          "Current: \(name) (\(current.id)), solved. Next: \(next) · \(following.title): "
            + "swift run lab next \(next)")
      }
    }
    return 0
  }

  /// A row of `list`: the title after the columns, wrapped under its own column when the
  /// width leaves room for a few words there, else on lines of its own under the id.
  func listRow(_ columns: String, title: String) -> String {
    let width = output.width ?? Int.max
    guard columns.count + title.count > width else { return columns + title }
    let room = width - columns.count
    if room >= 24 {
      let lines = WordWrap.lines(title, width: room)
      let hang = String(repeating: " ", count: columns.count)
      return ([columns + lines[0]] + lines.dropFirst().map { hang + $0 }).joined(separator: "\n")
    }
    let indent = String(repeating: " ", count: 17)
    let trimmed = String(columns.reversed().drop { $0 == " " }.reversed())
    return ([trimmed] + WordWrap.lines(title, width: width - indent.count).map { indent + $0 })
      .joined(separator: "\n")
  }

  // MARK: check

  func check(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let timeout = try options.timeout()
    let lanes = try options.flag("--lanes")
    let allWarnings = try options.flag("--all-warnings")
    let schedule = try options.value("--schedule")
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let verdict = try runCheck(
      exercise, in: catalog, timeout: timeout, lanes: lanes, allWarnings: allWarnings,
      schedule: schedule)
    if verdict.isPass { sayWhatComesNext(after: exercise, in: catalog) }
    return verdict.isPass ? 0 : 1
  }

  /// Checks `exercise`, prints the verdict, and records a pass. The compiler's warnings in the
  /// code this step changes come first; the others are counted, or shown with `allWarnings`.
  @discardableResult
  func runCheck(
    _ exercise: ExerciseCatalog.Exercise, in catalog: ExerciseCatalog, timeout: TimeInterval,
    lanes: Bool = false, allWarnings: Bool = false, schedule: String? = nil
  ) throws -> Verdict {
    output.line("Exercise \(catalog.shortName(of: exercise)) · \(exercise.id) · \(exercise.title)")
    output.dim("  Builds with: \(exercise.languageSettings)")
    let checker = ExerciseChecker(
      root: root, timeout: timeout, swiftExecutable: swiftExecutable,
      checkEnvironment: (lanes ? [LabEnvironment.lanes: "1"] : [:]).merging(
        schedule.map { [LabEnvironment.exploreReplay: $0] } ?? [:]
      ) { $1 })
    let output = self.output
    let warnings = Collected()
    let support = catalog.track(of: exercise)?.checkSupport ?? .core
    output.dim("  \(checker.buildDescription(of: exercise, support: support))…")
    // A first build names each module it starts on; later builds only the exercise's own two.
    let namesModules = checker.isFirstBuild(support: support)
    let verdict = try checker.check(
      exercise, from: .learner, warning: { warnings.append($0) },
      building: { module in if namesModules { output.dim("    compiling \(module)…") } },
      progress: { output.dim("  \($0)…") })
    showWarnings(warnings.all, of: exercise, in: catalog, all: allWarnings)
    VerdictReport(
      output: output, hintCommand: "swift run lab hint \(catalog.shortName(of: exercise))"
    )
    .print(verdict)
    let folder = "Exercises/\(exercise.id)"
    // A failure on untouched files is the starter's own: say so, rather than let the learner
    // hunt for a mistake they have not made yet.
    if !verdict.isPass, CommittedFiles.swiftFilesAreAsCommitted(in: folder, root: root) {
      output.line(
        "Your files are still the starter's: nothing in \(folder)/ has changed yet; "
          + "the README says where to begin.")
    }
    if verdict.isPass {
      var progress = loadProgress()
      progress.solved.insert(exercise.id)
      try progress.save(root: root)
    }
    return verdict
  }

  /// The learner's warnings: those in the code this step changes (``WarningFocus``), then the
  /// others, or only how many there are.
  func showWarnings(
    _ warnings: [String], of exercise: ExerciseCatalog.Exercise, in catalog: ExerciseCatalog,
    all: Bool
  ) {
    guard !warnings.isEmpty else { return }
    let focus = WarningFocus(
      exercise: exercise, root: root, learnerFolder: "Exercises/\(exercise.id)")
    let inFocus = warnings.filter(focus.isInFocus)
    let elsewhere = warnings.filter { !focus.isInFocus($0) }
    for warning in inFocus { output.line("  warning: \(warning)") }
    guard !elsewhere.isEmpty else { return }
    let count = Wording.count(elsewhere.count, "warning")
    if all {
      output.dim("  \(count) in code this step does not change:")
      for warning in elsewhere { output.line("  warning: \(warning)") }
    } else {
      let command = "swift run lab check \(catalog.shortName(of: exercise)) --all-warnings"
      output.dim(
        "  \(inFocus.isEmpty ? "" : "and ")\(count) in code this step does not change: "
          + "\(command) shows \(elsewhere.count == 1 ? "it" : "them").")
    }
  }

  /// After a pass: how many are solved, and the next exercise with the command that starts it
  /// (unless `watch` is about to move on to it by itself).
  func sayWhatComesNext(
    after exercise: ExerciseCatalog.Exercise, in catalog: ExerciseCatalog,
    movingOn: Bool = false
  ) {
    let progress = loadProgress()
    let all = catalog.allExercises
    let solved = all.filter { progress.solved.contains($0.id) }.count
    var counts = "\(solved) of \(all.count) exercises solved"
    if let track = catalog.track(of: exercise), catalog.tracks.count > 1 {
      let inTrack = track.exercises.filter { progress.solved.contains($0.id) }.count
      counts += " (\(inTrack) of \(track.exercises.count) in \(track.id))"
    }
    output.line("\(counts).")
    guard let following = nextUnsolved(after: exercise, in: catalog, progress: progress) else {
      output.good("Every exercise is solved. Well done.")
      return
    }
    let name = catalog.shortName(of: following)
    output.line("Next: \(name) · \(following.title)")
    guard !movingOn else { return }
    output.line(
      "  Start it with: swift run lab next \(name)   (then read Exercises/\(following.id)/README.md)"
    )
  }

  // MARK: hint

  func hint(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
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
    // The hint's probe citations are for maintainers, not for the learner.
    output.line(
      WordWrap.indented(
        exercise.hints[level - 1].withoutProbeCitations, indent: "  ", width: output.width ?? 96))
    output.line("")
    if level < exercise.hints.count {
      output.dim("More: swift run lab hint \(catalog.shortName(of: exercise))")
    }
    progress.hintsShown[exercise.id] = max(progress.hintsShown[exercise.id] ?? 0, level)
    try progress.save(root: root)
    return 0
  }

  // MARK: watch

  func watch(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let interval = try options.seconds("--interval") ?? 0.25
    let timeout = try options.timeout()
    let allWarnings = try options.flag("--all-warnings")
    var exercise = try pick(catalog, options.positional(max: 1).first)
    setCurrent(exercise)
    while true {
      let seen = modificationDates(of: exercise)
      rule()
      let verdict = try runCheck(
        exercise, in: catalog, timeout: timeout, allWarnings: allWarnings)
      if verdict.isPass {
        // Every pass moves on, the first one too: an exercise solved before watching started
        // must not keep the learner waiting for a change that will never come.
        sayWhatComesNext(after: exercise, in: catalog, movingOn: true)
        guard let following = nextUnsolved(after: exercise, in: catalog, progress: loadProgress())
        else { return 0 }
        exercise = following
        setCurrent(exercise)
        output.line(
          "Moving on to \(catalog.shortName(of: exercise)): read Exercises/\(exercise.id)/README.md."
        )
        continue
      }
      output.dim("Watching Exercises/\(exercise.id)/ for changes (Ctrl-C to stop)…")
      // Polling, not a verdict: it only decides when to check again.
      while modificationDates(of: exercise) == seen {
        Thread.sleep(forTimeInterval: interval)
      }
      // A new try of the same exercise: only its verdict matters, so start on a clean screen
      // (on a terminal; piped output keeps every run).
      output.clearScreen()
    }
  }

  /// The line that starts each run of `watch`: the time, then a rule, so runs stand apart.
  func rule() {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    let head = "── \(formatter.string(from: Date())) "
    output.line("")
    let width = min(output.width ?? 72, 72)
    output.dim(head + String(repeating: "─", count: max(0, width - head.count)))
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

  func next(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
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
    output.line(
      "Current exercise: \(catalog.shortName(of: exercise)) · \(exercise.id) · \(exercise.title)")
    output.line(
      "Read Exercises/\(exercise.id)/README.md, edit \(exercise.files.joined(separator: ", ")), then: swift run lab check"
    )
    return 0
  }

  // MARK: reset

  func reset(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
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
    // The starter as the lab came, also when the learner has committed their work since.
    let base = CommittedFiles.baseRevision(root: root)
    let restore = try ProcessRunner.run(
      "/bin/sh", ["-c", "git checkout \(base) -- 'Exercises/\(exercise.id)'"], in: root)
    guard restore.status == 0 else {
      throw LabError(
        "could not restore the starter with git: \(restore.output). Your files are safe in \(backup.path)"
      )
    }
    var progress = loadProgress()
    progress.solved.remove(exercise.id)
    try progress.save(root: root)
    output.line("Restored the starter of \(exercise.id).")
    output.line("Your version is kept in \(relative(backup))/. To get it back:")
    // A command to copy: never broken across lines.
    output.verbatim("  cp \(relative(backup))/*.swift Exercises/\(exercise.id)/")
    return 0
  }

  // MARK: diff

  func diff(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let pristine = try Verification(root: root, timeout: 0).exportPristineStarters()
    for file in exercise.files {
      let mine = "Exercises/\(exercise.id)/\(file)"
      output.line("== \(file): the starter → yours")
      output.verbatim(
        try diffText(
          "\(pristine)/\(exercise.id)/\(file)", mine, labels: ("starter/\(file)", "yours/\(file)")))
      output.line("== \(file): yours → the solution")
      output.verbatim(
        try diffText(
          mine, "Solutions/\(exercise.id)/\(file)", labels: ("yours/\(file)", "solution/\(file)")))
    }
    return 0
  }

  /// `diff -u` of two files, each labelled with `labels` when given (rather than a temporary
  /// path and a time stamp).
  func diffText(_ from: String, _ to: String, labels: (String, String)? = nil) throws -> String {
    let labelArguments = labels.map { ["-L", $0.0, "-L", $0.1] } ?? []
    let result = try ProcessRunner.run(
      "/usr/bin/env", ["diff", "-u"] + labelArguments + [from, to], in: root)
    return result.output.isEmpty ? "   (no difference)" : result.output
  }

  // MARK: solution

  func solution(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let force = try options.flag("--force")
    let wholeFiles = try options.flag("--files")
    let exercise = try pick(catalog, options.positional(max: 1).first)
    let name = catalog.shortName(of: exercise)
    guard force || loadProgress().solved.contains(exercise.id) else {
      output.line(
        "Solve \(name) first (swift run lab check \(name)), or look anyway: swift run lab solution \(name) --force"
      )
      return 1
    }
    if wholeFiles {
      for file in exercise.files {
        let path = "Solutions/\(exercise.id)/\(file)"
        output.line("== \(path)")
        output.verbatim(
          try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
      }
      return 0
    }
    let pristine = try Verification(root: root, timeout: 0).exportPristineStarters()
    output.line("The solution of \(name) · \(exercise.title), as a diff against the starter:")
    for file in exercise.files {
      output.line("== \(file)")
      output.verbatim(
        try diffText(
          "\(pristine)/\(exercise.id)/\(file)", "Solutions/\(exercise.id)/\(file)",
          labels: ("starter/\(file)", "solution/\(file)")))
    }
    output.dim("Whole files: swift run lab solution \(name) --files\(force ? " --force" : "")")
    return 0
  }

  // MARK: verify

  /// `lab verify`'s limit per check run when neither `--timeout` nor `LAB_TIMEOUT` gives one.
  static let verifyTimeout: TimeInterval = 120

  func verify(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    var kinds = try Verification.Kind.allCases.filter { try options.flag("--\($0.rawValue)") }
    if kinds.isEmpty { kinds = Verification.Kind.allCases }
    let only = try options.value("--only")
    let trackID = try options.value("--track")
    let repeats = try options.count("--repeat") ?? 1
    let rerunsThreadsOnly = try options.flag("--rerun-threads-only")
    // `--repeat-only 01,05`: the repeats are for those exercises' wrong answers alone.
    let repeatOnly = try options.value("--repeat-only").map { list in
      Set(try list.split(separator: ",").map { try catalog.exercise(named: String($0)).id })
    }
    // A check that runs past its limit counts as hung, not as the failure a wrong answer names:
    // verify runs beside builds and other work (CI, a shared machine), so its limit is a net for
    // a real hang, four times a learner's, that a slow machine does not reach.
    let timeout = try options.timeout(fallback: Self.verifyTimeout)
    try options.done()
    // `--only 07` or a list, `--only 01,03-query-continuation`: in the catalog's order.
    var exercises =
      try only.map { list in
        let named = try list.split(separator: ",").map { try catalog.exercise(named: String($0)) }
        return catalog.allExercises.filter(named.contains)
      } ?? catalog.allExercises
    if let trackID {
      guard let track = catalog.track(named: trackID) else {
        throw UsageError(
          "no track '\(trackID)'; tracks: \(catalog.tracks.map(\.id).joined(separator: ", "))")
      }
      exercises = exercises.filter(track.exercises.contains)
    }
    let verification = Verification(
      root: root, timeout: timeout, repeats: repeats, rerunsThreadsOnly: rerunsThreadsOnly,
      repeatedExercises: repeatOnly, swiftExecutable: swiftExecutable)
    let start = Date()
    let repeated =
      repeats < 2
      ? ""
      : repeatOnly.map { ", the wrong answers of \($0.count) run \(repeats) times" }
        ?? ", each run \(repeats) times"
    output.line(
      "== Verifying \(kinds.map(\.rawValue).joined(separator: ", ")) "
        + "(\(exercises.count) exercises\(repeated))")
    let output = self.output
    let rows = try verification.verify(kinds, exercises) { row in
      // Laid out here, between phrases: Output's own wrapping breaks between any two words.
      let line = row.lines(width: output.width ?? Int.max).joined(separator: "\n")
      row.isAsExpected ? output.good(line) : output.bad(line)
    }
    let unexpected = rows.filter { !$0.isAsExpected }.count
    let total = rows.count
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

  /// The exercise to do after `exercise`: the next unsolved step of its own track, in order,
  /// coming back to the track's first steps after its last (apod/6 solved with apod/1 open
  /// leads to apod/1, not to another track); only when the track is done, the first unsolved
  /// exercise of the tracks after it, in the catalog's order.
  func nextUnsolved(
    after exercise: ExerciseCatalog.Exercise, in catalog: ExerciseCatalog, progress: Progress
  ) -> ExerciseCatalog.Exercise? {
    guard let track = catalog.track(of: exercise),
      let step = track.exercises.firstIndex(of: exercise),
      let trackIndex = catalog.tracks.firstIndex(where: { $0.id == track.id })
    else { return nil }
    let ownTrack = track.exercises[(step + 1)...] + track.exercises[..<step]
    let otherTracks = catalog.tracks[(trackIndex + 1)...] + catalog.tracks[..<trackIndex]
    return (Array(ownTrack) + otherTracks.flatMap(\.exercises)).first {
      !progress.solved.contains($0.id)
    }
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
}
