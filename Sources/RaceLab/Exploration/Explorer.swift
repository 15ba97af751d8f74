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
  /// so that the first finding has the fewest deviations over all the targets.
  private static func searchUntimed(
    _ targets: [ExplorationTarget], bound: Int, maximumSchedules: Int,
    tracksHappensBefore: Bool, matches: (ExploredRun.Finding) -> Bool,
    progress: (ExplorationTarget, Int) -> Void
  ) -> Report {
    var report = Report()
    var frontiers = targets.map { _ in [Schedule.defaultOrder] }
    for level in 0...bound {
      for (index, target) in targets.enumerated() {
        if level == 0 { progress(target, report.schedulesRun) }
        var next: [Schedule] = []
        for schedule in frontiers[index] {
          guard report.schedulesRun < maximumSchedules else {
            report.stoppedAtCap = true
            return report
          }
          let run = ExploredRun.run(
            target, policy: .following(schedule), tracksHappensBefore: tracksHappensBefore)
          report.schedulesRun += 1
          if run.findings.contains(where: matches) {
            report.finding = run
            report.schedulesToFinding = report.schedulesRun
            return report
          }
          guard level < bound else { continue }
          let counts = run.record.readyCounts
          for step in (schedule.lastStep + 1)..<max(schedule.lastStep + 1, counts.count) {
            for choice in 1..<counts[step] {
              next.append(schedule.adding(step: step, choice: choice))
            }
          }
        }
        frontiers[index] = next
      }
    }
    report.targetsCovered = targets
    return report
  }

  /// Seeded runs (seeds 1, 2, ...), over `targets` in turn, until one has a finding `matches`
  /// accepts or `runs` runs are spent; for `race-lab explore-bench`, beside the search. The
  /// finding's run carries the schedule it took, which `.following` replays exactly.
  public static func sample(
    _ targets: [ExplorationTarget], runs: Int, policy: (UInt64) -> SchedulingPolicy,
    matches: (ExploredRun.Finding) -> Bool
  ) -> Report {
    var report = Report()
    let start = Date()
    for index in 0..<runs where !targets.isEmpty {
      let target = targets[index % targets.count]
      let run = ExploredRun.run(target, policy: policy(UInt64(index / targets.count + 1)))
      report.schedulesRun += 1
      if run.findings.contains(where: matches) {
        report.finding = run
        report.schedulesToFinding = report.schedulesRun
        break
      }
    }
    if report.finding == nil { report.targetsCovered = targets }
    report.seconds = Date().timeIntervalSince(start)
    return report
  }
}
