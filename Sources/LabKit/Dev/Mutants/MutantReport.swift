import Foundation

/// What `lab dev mutants` found: per exercise and per operator, the mutants killed, timed out,
/// survived, listed as equivalent and not compiling; the diff of every survivor; and the exit
/// code.
public struct MutantReport: Sendable {
  /// The counts of a group of mutants.
  public struct Counts: Sendable, Equatable {
    /// Every mutant of the group.
    public var mutants = 0
    /// A check failed or crashed.
    public var killed = 0
    /// The check ran past the time limit.
    public var timedOut = 0
    /// Survivors not listed as equivalent.
    public var survived = 0
    /// Survivors listed as equivalent.
    public var equivalent = 0
    /// Mutants that do not compile.
    public var notCompiling = 0

    /// No mutant yet.
    public init() {}

    mutating func add(_ result: MutantRun.Result, listed: Bool) {
      mutants += 1
      switch result.outcome {
      case .killed: killed += 1
      case .timedOut: timedOut += 1
      case .doesNotCompile: notCompiling += 1
      case .survived: if listed { equivalent += 1 } else { survived += 1 }
      }
    }

    /// The mutants that stand for a program a caller could tell apart: compiling and not
    /// equivalent.
    public var decidable: Int { mutants - notCompiling - equivalent }

    /// Killed (a hang included) out of ``decidable``, in percent; nil when there are none.
    public var score: Double? {
      decidable == 0 ? nil : Double(killed + timedOut) * 100 / Double(decidable)
    }

    /// The score as the tables print it.
    public var scoreText: String {
      score.map { String(format: "%.1f%%", $0) } ?? "-"
    }
  }

  /// One exercise's results.
  public struct Exercise: Sendable {
    /// The exercise's id.
    public let id: String
    /// Each mutant's outcome, in the order they were checked.
    public let results: [MutantRun.Result]
    /// Why the exercise's mutants were not run: its solution does not pass in the overlay.
    public let problem: String?
    /// The whole exercise, its build included, in seconds of wall time.
    public let seconds: Double

    /// One exercise's results.
    public init(id: String, results: [MutantRun.Result], problem: String? = nil, seconds: Double) {
      self.id = id
      self.results = results
      self.problem = problem
      self.seconds = seconds
    }
  }

  /// The exercises, in the order they were run.
  public let exercises: [Exercise]
  /// The committed list the survivors are compared with.
  public let equivalents: EquivalentMutants

  /// The report of `exercises`, against the list `equivalents`.
  public init(exercises: [Exercise], equivalents: EquivalentMutants) {
    self.exercises = exercises
    self.equivalents = equivalents
  }

  func isListed(_ result: MutantRun.Result) -> Bool {
    equivalents.entry(exercise: result.exercise, mutant: result.mutant.id) != nil
  }

  /// The counts of `exercise`, per operator (only those with mutants), and in all.
  public func counts(of exercise: Exercise) -> (
    byOperator: [(MutationOperator, Counts)], total: Counts
  ) {
    var byOperator: [MutationOperator: Counts] = [:]
    var total = Counts()
    for result in exercise.results {
      let listed = isListed(result)
      byOperator[result.mutant.mutationOperator, default: Counts()].add(result, listed: listed)
      total.add(result, listed: listed)
    }
    return (byOperator.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, total)
  }

  /// The survivors that are not listed as equivalent: each one fails the command.
  public var unlistedSurvivors: [MutantRun.Result] {
    exercises.flatMap(\.results).filter { $0.outcome == .survived && !isListed($0) }
  }

  /// Listed mutants that were run and did not survive: their entries can go.
  public var staleEntries: [MutantRun.Result] {
    exercises.flatMap(\.results).filter { $0.outcome != .survived && isListed($0) }
  }

  /// 0 when every mutant was killed, timed out, did not compile or is listed as equivalent;
  /// 1 when a survivor is not listed, or an exercise's solution did not pass.
  public var exitCode: Int32 {
    unlistedSurvivors.isEmpty && exercises.allSatisfy { $0.problem == nil } ? 0 : 1
  }

  /// The header of the counts tables.
  static let tableHeader = [
    "| | mutants | killed | timed out | survived | equivalent | not compiling | score |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ]

  static func row(_ name: String, _ counts: Counts) -> String {
    "| \(name) | \(counts.mutants) | \(counts.killed) | \(counts.timedOut) | \(counts.survived) "
      + "| \(counts.equivalent) | \(counts.notCompiling) | \(counts.scoreText) |"
  }

  /// The report as text (Markdown tables and diffs): each exercise's table per operator, each
  /// unlisted survivor's diff, then one table of every exercise.
  public var text: String {
    var lines: [String] = []
    for exercise in exercises {
      lines.append("## \(exercise.id)")
      lines.append("")
      if let problem = exercise.problem {
        lines.append("Not run: \(problem)")
        lines.append("")
        continue
      }
      let (byOperator, total) = counts(of: exercise)
      lines += Self.tableHeader
      for (mutationOperator, counts) in byOperator {
        lines.append(Self.row(mutationOperator.rawValue, counts))
      }
      lines.append(Self.row("**all**", total))
      lines.append("")
      let survivors = exercise.results.filter { $0.outcome == .survived && !isListed($0) }
      for survivor in survivors {
        lines += survivorLines(survivor)
      }
    }
    lines.append(contentsOf: summary)
    return lines.joined(separator: "\n")
  }

  /// The survivors not listed as equivalent, each with its diff, by exercise: what a stronger
  /// check must kill, or the list must explain.
  public var survivorsText: String {
    var lines = ["# Mutants that survive the checks", ""]
    for exercise in exercises {
      let survivors = exercise.results.filter { $0.outcome == .survived && !isListed($0) }
      guard !survivors.isEmpty else { continue }
      lines += ["## \(exercise.id)", ""]
      for survivor in survivors {
        lines += survivorLines(survivor)
      }
    }
    return lines.joined(separator: "\n")
  }

  func survivorLines(_ survivor: MutantRun.Result) -> [String] {
    [
      "Survived: `\(survivor.mutant.id)` (\(survivor.mutant.mutationOperator.summary), "
        + "line \(survivor.mutant.line))",
      "",
      "```diff",
      survivor.mutant.diff.trimmingCharacters(in: .newlines),
      "```",
      "",
    ]
  }

  /// One table of every exercise, with its time.
  public var summary: [String] {
    var lines = ["## Every exercise", ""]
    lines.append(
      "| exercise | mutants | killed | timed out | survived | equivalent | not compiling | score | time |"
    )
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    var all = Counts()
    for exercise in exercises {
      let total = counts(of: exercise).total
      all.mutants += total.mutants
      all.killed += total.killed
      all.timedOut += total.timedOut
      all.survived += total.survived
      all.equivalent += total.equivalent
      all.notCompiling += total.notCompiling
      let time = "\(Int(exercise.seconds.rounded())) s"
      lines.append(
        Self.row(exercise.id, total).dropLast(2)
          + " | \(exercise.problem == nil ? time : "not run") |")
    }
    if exercises.count > 1 { lines.append(Self.row("**all**", all) + " |") }
    lines.append("")
    return lines
  }
}
