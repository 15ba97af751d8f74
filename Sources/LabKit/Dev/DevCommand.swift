import CommandLineSupport
import Foundation

/// `lab dev`: the maintainers' commands, which keep the track one source (rustlings' `dev`).
struct DevCommand {
  static let usage = """
    lab dev: commands for whoever writes or changes the exercises.

    Usage: swift run lab dev <command> [options]

    Commands:
      check                    The track's conventions, without building: ids and modules unique,
                               folders and files present, every check named in its check source,
                               two hints or more, every wrong answer a patch that applies and
                               changes the solution, no stray files, starters in sync (as git
                               holds them: a learner's changes are named, not counted as drift).
      sync [--check]           Write each starter of a chained track (coffee) from the previous
                               solution, the first from its `chain.firstStarterFrom` folder;
                               README.md files are left alone, and so are starter files changed
                               since the lab came (from its upstream, else since the last
                               commit) that were in sync then: a learner's work. --check only
                               lists the drift.
      new TRACK SLUG --title TITLE [--files A.swift,B.swift] [--module NAME]
                               Scaffold the next exercise of TRACK: starter and solution folders,
                               a README skeleton, a metadata entry, a check that fails until written.
      convert-wrong-answers [--dry-run]
                               Turn wrong answers kept as whole files (wrong-answers/<id>/) into
                               patches against their solution (wrong-answers/<id>.patch). Patches
                               are left alone, so it can run again after a merge.
      mutants [N|--track ID|--all] [--changed] [--record] [--list] [--operator OPS]
              [--timeout S] [--survivors FILE] [--whole-files] [--mutant ID]...
                               Mutation analysis of the checks: change each reference solution,
                               in the functions it changes from its starter (--whole-files: all
                               of the files the learner edits), by concurrency operators (a statement moved across an await, an
                               awaited call wrapped in Task { }, a defer removed, a continuation
                               resumed twice, an actor made a class...), check every mutant as
                               `lab verify --solutions` checks a solution (built in
                               .build-lab-mutants, each mutant rebuilt in full, the check
                               stopped after --timeout S as timed out: by default ten times the
                               solution's own check, at least 20 s) and report per exercise and
                               per operator the mutants killed, timed out,
                               survived, listed as equivalent (docs/mutants-equivalent.json) and
                               not compiling, with the diff of every survivor. --list only lists
                               the mutants; --mutant checks only the mutant ID (given again,
                               each one named); --survivors writes the survivors not listed, with
                               their diffs, to FILE. --record keeps, in
                               docs/mutants-measured.json, a fingerprint of every input of each
                               exercise whose mutants all ended well (all operators only);
                               --changed runs only the exercises whose inputs differ from the
                               recorded ones (all of them unless N, --track or --all narrows
                               it). Exit code 1 when a survivor is not listed as
                               equivalent. OPS: operator names, separated by commas; N and ID
                               may be lists: apod/2,store/1 or
                               apod,appstore. docs/mutants.md explains the operators.
      help [COMMAND]           This text, or a command's.

    Exit codes: 0 done, 1 a problem found, 2 a usage error.
    """

  /// The commands, each with the help `lab dev help CMD` and `lab dev CMD --help` print.
  static let tool = CommandLineTool(
    name: "lab dev", overview: usage,
    commands: ["check", "sync", "new", "convert-wrong-answers", "mutants"].map {
      CommandLineTool.Command($0, help: help(for: $0))
    })

  let root: URL
  let output: Output

  func run(_ arguments: [String]) throws -> Int32 {
    guard
      let (command, options) = try Self.tool.commandToRun(
        arguments, printingHelpWith: output.paragraphs)
    else { return 0 }
    let catalog = try ExerciseCatalog.load(root: root)
    switch command {
    case "check": return try check(catalog, options)
    case "sync": return try sync(catalog, options)
    case "new": return try new(catalog, options)
    case "mutants": return try mutants(catalog, options)
    default: return try convert(catalog, options)
    }
  }

  /// A command's paragraph of `usage`.
  static func help(for command: String) -> String {
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command)") }) else {
      return usage
    }
    // The synopsis, then the description, which starts after a run of spaces or on the next line.
    let first = lines[start].trimmingCharacters(in: .whitespaces)
    let synopsis = first.components(separatedBy: "  ")[0]
    let opening = first.dropFirst(synopsis.count).trimmingCharacters(in: .whitespaces)
    let rest = lines[(start + 1)...].prefix { $0.hasPrefix("        ") }
    let description = ([opening] + rest.map { $0.trimmingCharacters(in: .whitespaces) })
      .filter { !$0.isEmpty }
    return "lab dev \(synopsis)\n" + description.map { "  " + $0 }.joined(separator: "\n")
  }

  func check(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    try options.done()
    let problems = try TrackCheck(root: root, catalog: catalog).problems()
    for problem in problems { output.bad("  ✗ \(problem)") }
    sayWhatIsLeftAlone(try TrackSync(root: root, catalog: catalog).differences())
    if problems.isEmpty {
      output.good(
        "dev check: \(catalog.allExercises.count) exercises in \(catalog.tracks.count) tracks "
          + "follow the conventions.")
      return 0
    }
    output.bad("dev check: \(problems.count) problems.")
    return 1
  }

  func sync(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let onlyCheck = try options.flag("--check")
    try options.done()
    let sync = TrackSync(root: root, catalog: catalog)
    sayWhatIsLeftAlone(try sync.differences())
    let drift = try onlyCheck ? sync.drift() : sync.write()
    for item in drift {
      let what = item.source.map { "from \($0)" } ?? "(in no solution it follows)"
      output.line(
        onlyCheck ? "  differs: \(item.starter) \(what)" : "  wrote \(item.starter) \(what)")
    }
    if drift.isEmpty {
      output.good("dev sync: every starter equals the solution before it.")
      return 0
    }
    if onlyCheck {
      output.bad(
        "dev sync: \(drift.count) starter files drifted; `swift run lab dev sync` rewrites them.")
      return 1
    }
    output.line("dev sync: \(drift.count) starter files rewritten.")
    return 0
  }

  /// Names the starter files that differ from their source only by a change since the lab came
  /// (a learner's work, see ``CommittedFiles``): not drift, and never rewritten.
  func sayWhatIsLeftAlone(_ differences: [TrackSync.Drift]) {
    let edits = differences.filter(\.isLearnerChange)
    guard !edits.isEmpty else { return }
    output.line(
      "  Changed since the lab came (your work, left alone; as the lab came, they are in sync):")
    for edit in edits { output.dim("    \(edit.starter)") }
  }

  func new(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    guard let title = try options.value("--title") else {
      throw UsageError("dev new needs --title \"what the learner does\"")
    }
    let files = try options.value("--files").map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let module = try options.value("--module")
    let positional = try options.positional(max: 2)
    guard positional.count == 2 else { throw UsageError("dev new needs TRACK and SLUG") }
    let scaffold = ExerciseScaffold(root: root, catalog: catalog)
    let plan = try scaffold.plan(
      .init(track: positional[0], slug: positional[1], title: title, files: files, module: module))
    try scaffold.write(plan)
    let id = plan.exercise.id
    output.good("dev new: \(id) (module \(plan.exercise.module)) added to track \(plan.track.id).")
    output.line(
      """
      Written: Exercises/\(id)/ (starter and README.md), Solutions/\(id)/, Checks/\(id)/main.swift,
      and its entry in Exercises/exercises.json. Next:
        1. Write the solution in Solutions/\(id)/ and the README.
        2. Name the checks in the metadata and write them in Checks/\(id)/main.swift.
        3. Add two or more hints, and wrong answers: whole files in
           Solutions/\(id)/wrong-answers/<wrong-id>/, then `swift run lab dev convert-wrong-answers`.
        4. `swift run lab dev check`, then `swift run lab verify --only \(id)`.
      """)
    return 0
  }

  func convert(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let dryRun = try options.flag("--dry-run")
    try options.done()
    var converted = 0
    var already = 0
    try WrongAnswerConversion(root: root, catalog: catalog).run(
      catalog.allExercises, dryRun: dryRun
    ) { patch, outcome in
      switch outcome {
      case .converted(let lines):
        converted += 1
        output.line(
          "  \(dryRun ? "would write" : "wrote") \(patch.patchPath) (\(lines) lines)"
            + (dryRun ? "" : "; removed \(patch.wholeFileFolderPath)/"))
      case .alreadyPatch:
        already += 1
      }
    }
    output.good(
      "dev convert-wrong-answers: \(converted) \(dryRun ? "to convert" : "converted"), "
        + "\(already) patches already.")
    return 0
  }
}
