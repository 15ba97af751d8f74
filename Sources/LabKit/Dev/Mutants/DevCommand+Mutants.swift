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
    let changedOnly = try options.flag("--changed")
    let record = try options.flag("--record")
    let name = try options.positional(max: 1).first
    if record
      && (operators.count < MutationOperator.allCases.count || !onlyIDs.isEmpty
        || wholeFiles || listOnly)
    {
      throw UsageError(
        "--record keeps whole measures: every operator, no --mutant, --whole-files or --list")
    }
    var exercises = try Self.mutantExercises(
      catalog, name: name, track: track, all: all || (changedOnly && name == nil && track == nil))
    let equivalents = try EquivalentMutants.load(root: root)
    var measured = try MeasuredMutants.load(root: root)
    let inputs =
      changedOnly || record ? try fingerprints(of: exercises, catalog, equivalents) : [:]
    if changedOnly {
      let same = exercises.filter { measured.exercises[$0.id]?.inputs == inputs[$0.id] }
      exercises.removeAll(where: same.contains)
      output.line(
        "== \(same.count) exercises measured at these very inputs (\(MeasuredMutants.path)): "
          + "not run again; \(exercises.count) to run"
          + (exercises.isEmpty ? "" : ": " + exercises.map(\.id).joined(separator: ", ")))
    }

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
    if record {
      let day = ISO8601DateFormatter.string(
        from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
      for exercise in reports where exercise.problem == nil {
        let counts = report.counts(of: exercise).total
        guard counts.survived == 0, let fingerprint = inputs[exercise.id] else { continue }
        measured.exercises[exercise.id] = MeasuredMutants.Entry(
          inputs: fingerprint, mutants: exercise.results.count,
          killedOrTimedOut: counts.killed + counts.timedOut, equivalent: counts.equivalent,
          notCompiling: counts.notCompiling, measured: day)
      }
      try measured.save(root: root)
      output.dim("  recorded in \(MeasuredMutants.path)")
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

  /// The fingerprint of each of `exercises`' inputs (`MeasuredMutants.fingerprint`), by id.
  func fingerprints(
    of exercises: [ExerciseCatalog.Exercise], _ catalog: ExerciseCatalog,
    _ equivalents: EquivalentMutants
  ) throws -> [String: String] {
    let targets = try MeasuredMutants.targetDependencies(root: root)
    let version = try ProcessRunner.run(try ExerciseChecker.swiftDriver(), ["--version"], in: root)
    let toolchain = version.output.split(separator: "\n").first.map(String.init) ?? ""
    // The metadata as written, each entry's keys sorted: a change to any field counts.
    let json = try JSONSerialization.jsonObject(
      with: Data(contentsOf: root.appendingPathComponent("Exercises/exercises.json")))
    let tracks = ((json as? [String: Any])?["tracks"] as? [[String: Any]]) ?? []
    var result: [String: String] = [:]
    for exercise in exercises {
      guard let track = catalog.track(of: exercise),
        let rawTrack = tracks.first(where: { $0["id"] as? String == track.id }),
        let entry = (rawTrack["exercises"] as? [[String: Any]])?.first(where: {
          $0["id"] as? String == exercise.id
        })
      else { continue }
      let metadata = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
      let modules = MeasuredMutants.modules(
        of: track, trackDependencies: rawTrack["dependencies"] as? [String] ?? [],
        targetDependencies: targets)
      result[exercise.id] = MeasuredMutants.fingerprint(
        of: exercise, root: root, modules: modules,
        metadata: String(decoding: metadata, as: UTF8.self),
        equivalents: equivalents.equivalent.filter { $0.exercise == exercise.id },
        toolchain: toolchain)
    }
    return result
  }
}
