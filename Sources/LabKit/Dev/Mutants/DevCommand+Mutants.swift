import CommandLineSupport
import Foundation

/// `lab dev mutants`: how many concurrency mistakes made in the reference solutions the checks
/// catch (docs/mutants.md).
extension DevCommand {
  /// The shortest time limit of a mutant's check, in seconds, when `--timeout` gives none.
  static let mutantTimeLimit: TimeInterval = 20

  /// The exercises `mutants` is asked for: one named, a track's, or all; a usage error for none
  /// or for more than one way.
  static func mutantExercises(
    _ catalog: ExerciseCatalog, name: String?, track: String?, all: Bool
  ) throws -> [ExerciseCatalog.Exercise] {
    let ways = [name != nil, track != nil, all].filter { $0 }.count
    guard ways == 1 else {
      throw UsageError(
        ways == 0
          ? "dev mutants needs an exercise, --track ID or --all"
          : "dev mutants takes one of an exercise, --track ID and --all")
    }
    // Lists, as `lab verify --only` takes them: `apod/2,store/1`, `apod,appstore`.
    if let name {
      let named = try name.split(separator: ",").map { try catalog.exercise(named: String($0)) }
      return catalog.allExercises.filter(named.contains)
    }
    if let track {
      let tracks = try track.split(separator: ",").map { id in
        guard let found = catalog.track(named: String(id)) else {
          throw UsageError(
            "no track '\(id)'; tracks: \(catalog.tracks.map(\.id).joined(separator: ", "))")
        }
        return found
      }
      return tracks.flatMap(\.exercises)
    }
    return catalog.allExercises
  }

  /// The operators `--operator` names (all when it is absent); a usage error for an unknown one.
  static func mutationOperators(_ list: String?) throws -> Set<MutationOperator> {
    guard let list else { return Set(MutationOperator.allCases) }
    return Set(
      try list.split(separator: ",").map { name in
        guard let found = MutationOperator(rawValue: String(name)) else {
          throw UsageError(
            "no operator '\(name)'; operators: "
              + MutationOperator.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return found
      })
  }

  func mutants(_ catalog: ExerciseCatalog, _ options: ParsedArguments) throws -> Int32 {
    var options = options
    let track = try options.value("--track")
    let all = try options.flag("--all")
    let listOnly = try options.flag("--list")
    let wholeFiles = try options.flag("--whole-files")
    let operators = try Self.mutationOperators(try options.value("--operator"))
    let survivorsFile = try options.value("--survivors")
    // One mutant, or a few, again: `--mutant 'remove-defer:Store.swift:Store.toggle(_:)#1'`.
    let onlyIDs = try options.values("--mutant")
    // By default ten times the solution's own check, measured under the same load, at least
    // 20 s: a hang costs the whole limit, and a slow mutant on a busy machine is no hang.
    let givenTimeout = try options.seconds("--timeout")
    let name = try options.positional(max: 1).first
    let exercises = try Self.mutantExercises(catalog, name: name, track: track, all: all)
    let equivalents = try EquivalentMutants.load(root: root)

    let run = MutantRun(root: root)
    if !listOnly { try run.lockBuildFolder() }
    var reports: [MutantReport.Exercise] = []
    for exercise in exercises {
      let mutants = try MutantRun.mutants(of: exercise, root: root, wholeFiles: wholeFiles).filter {
        operators.contains($0.mutationOperator) && (onlyIDs.isEmpty || onlyIDs.contains($0.id))
      }
      if listOnly {
        output.line("\(exercise.id): \(mutants.count) mutants")
        for mutant in mutants {
          output.verbatim(
            "\(mutant.id)  (line \(mutant.line): \(mutant.mutationOperator.summary))\n"
              + mutant.diff)
        }
        continue
      }
      let start = Date()
      guard !mutants.isEmpty else {
        output.line("== \(exercise.id): no mutants (no operator applies to its solution)")
        reports.append(MutantReport.Exercise(id: exercise.id, results: [], seconds: 0))
        continue
      }
      output.line("== \(exercise.id): \(mutants.count) mutants; building and checking the solution")
      var baseline = try run.prepare(exercise, timeout: givenTimeout ?? 120)
      var timeout = givenTimeout ?? Self.mutantTimeLimit
      if baseline.isPass, givenTimeout == nil {
        let timed = try run.timeSolution(exercise, timeout: 120)
        baseline = timed.verdict
        timeout = MutantRun.timeLimit(solutionSeconds: timed.seconds, floor: Self.mutantTimeLimit)
        output.line(
          "   the solution's check took \(String(format: "%.1f", timed.seconds)) s: "
            + "time limit \(Int(timeout)) s a mutant")
      }
      guard baseline.isPass else {
        output.bad("  the solution does not pass in \(MutantRun.overlay): \(baseline.summary)")
        reports.append(
          MutantReport.Exercise(
            id: exercise.id, results: [], problem: "its solution gives \(baseline.summary)",
            seconds: Date().timeIntervalSince(start)))
        continue
      }
      var results: [MutantRun.Result] = []
      for (index, mutant) in mutants.enumerated() {
        let result = try run.check(mutant, of: exercise, timeout: timeout)
        results.append(result)
        let listed = equivalents.entry(exercise: exercise.id, mutant: mutant.id) != nil
        let outcome =
          result.outcome == .survived && listed ? "equivalent" : result.outcome.rawValue
        let line =
          "  [\(index + 1)/\(mutants.count)] \(outcome) in \(String(format: "%.1f", result.seconds)) s: "
          + "\(mutant.id)" + (result.outcome == .killed ? " (\(result.summary))" : "")
          + (result.rebuiltBySwiftPM
            ? " [the direct rebuild kept the last build: SwiftPM built]" : "")
        // Verbatim: one line per mutant, however long its id.
        output.verbatim((result.outcome == .survived && !listed ? "✗" : " ") + line.dropFirst())
      }
      reports.append(
        MutantReport.Exercise(
          id: exercise.id, results: results, seconds: Date().timeIntervalSince(start)))
    }
    if listOnly { return 0 }
    let report = MutantReport(exercises: reports, equivalents: equivalents)
    output.verbatim(report.text)
    for stale in report.staleEntries {
      output.dim(
        "  listed as equivalent but \(stale.outcome.rawValue): \(stale.exercise) \(stale.mutant.id)"
      )
    }
    if let survivorsFile {
      try report.survivorsText.write(
        // As given: relative to the folder the command runs in, or absolute.
        to: URL(fileURLWithPath: survivorsFile), atomically: true, encoding: .utf8)
    }
    let survivors = report.unlistedSurvivors.count
    if report.exitCode == 0 {
      output.good(
        "dev mutants: every mutant killed, timed out, not compiling or listed as equivalent.")
    } else {
      output.bad(
        "dev mutants: \(survivors) survivors not listed in \(EquivalentMutants.path)"
          + (reports.contains { $0.problem != nil } ? "; a solution did not pass" : "") + ".")
    }
    return report.exitCode
  }
}
