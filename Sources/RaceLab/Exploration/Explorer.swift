import DeterministicScheduling
import Foundation

/// Bounded exhaustive search over a target's schedules: every schedule with at most `bound`
/// deviations from the default order (Emmi, Qadeer and Rakamarić, "Delay-Bounded Scheduling",
/// POPL 2011; loom and CHESS bound preemptions instead, a close cousin), fewest deviations first, so the
/// first schedule that breaks something is a minimal one.
///
/// Each schedule is one run from the start (stateless search): a schedule's children deviate at
/// a decision point after its last deviation, at the points its own run reached, so every
/// schedule within the bound is run once.
public enum Explorer {
  /// What a search did.
  public struct Report: Sendable {
    /// The schedules run, in all.
    public var schedulesRun = 0
    /// The run that broke what the search looked for, with its minimal schedule; nil if none.
    public var finding: ExploredRun?
    /// How many schedules were run up to and including the finding.
    public var schedulesToFinding: Int?
    /// Seconds spent, for the rate (never for a verdict).
    public var seconds: Double = 0
    /// Whether the search stopped at `maximumSchedules` before covering the bound.
    public var stoppedAtCap = false
    /// The targets searched to the end of the bound.
    public var targetsCovered: [ExplorationTarget] = []

    init(_ report: ScheduleSearch.Report<ExplorationTarget, ExploredRun>) {
      schedulesRun = report.schedulesRun
      finding = report.finding
      schedulesToFinding = report.schedulesToFinding
      stoppedAtCap = report.stoppedAtCap
      targetsCovered = report.targetsCovered
    }
  }

  /// Searches `targets` in turn, each up to `bound` deviations (at most `maximumSchedules` runs
  /// in all), until a run has a finding `matches` accepts.
  public static func search(
    _ targets: [ExplorationTarget], bound: Int, maximumSchedules: Int = 50_000,
    tracksHappensBefore: Bool = false, matches: (ExploredRun.Finding) -> Bool,
    progress: (ExplorationTarget, Int) -> Void = { _, _ in }
  ) -> Report {
    let start = Date()
    var report = searchUntimed(
      targets, bound: bound, maximumSchedules: maximumSchedules,
      tracksHappensBefore: tracksHappensBefore, matches: matches, progress: progress)
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  /// Level by level, across every target: all schedules of 0 deviations, then of 1, and so on,
  /// so that the first finding has the fewest deviations over all the targets
  /// (`ScheduleSearch.search`, which the katas' checks use too).
  private static func searchUntimed(
    _ targets: [ExplorationTarget], bound: Int, maximumSchedules: Int,
    tracksHappensBefore: Bool, matches: (ExploredRun.Finding) -> Bool,
    progress: (ExplorationTarget, Int) -> Void
  ) -> Report {
    let searched = ScheduleSearch.search(
      targets, bound: bound, maximumSchedules: maximumSchedules,
      run: { ExploredRun.run($0, policy: $1, tracksHappensBefore: tracksHappensBefore) },
      readyCounts: \.record.readyCounts, isFinding: { $0.findings.contains(where: matches) },
      progress: progress)
    return Report(searched)
  }

  /// Seeded runs (seeds 1, 2, ...), over `targets` in turn, until one has a finding `matches`
  /// accepts or `runs` runs are spent; for `race-lab explore-bench`, beside the search. The
  /// finding's run carries the schedule it took, which `.following` replays exactly.
  public static func sample(
    _ targets: [ExplorationTarget], runs: Int, policy: (UInt64) -> SchedulingPolicy,
    matches: (ExploredRun.Finding) -> Bool
  ) -> Report {
    let start = Date()
    let sampled = ScheduleSearch.sample(
      targets, runs: runs, policy: policy, run: { ExploredRun.run($0, policy: $1) },
      isFinding: { $0.findings.contains(where: matches) })
    var report = Report(sampled)
    report.seconds = Date().timeIntervalSince(start)
    return report
  }
}
