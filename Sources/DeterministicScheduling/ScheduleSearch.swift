import Foundation

/// Bounded exhaustive search over the schedules of any code the scheduler runs: every schedule
/// with at most `bound` deviations from the default order, fewest deviations first, so that the
/// first schedule that breaks something is a minimal one; then, for depth, seeded PCT runs. A
/// deviation is any non-default choice at a decision point, whichever job it picks: coarser than
/// a delay of delay bounding (Emmi, Qadeer and Rakamarić, "Delay-Bounded Scheduling", POPL 2011),
/// where the k-th job costs k delays, so the schedules within k delays are among those within k
/// deviations.
///
/// What a target is and what breaks it is the caller's: `run` plays a target once under a policy
/// (with `DeterministicScheduler.shared.run`) and returns what it found; `readyCounts` reads how
/// many jobs were ready at each decision point of that run where the search may deviate
/// (`DeterministicScheduler.Record.readyCounts`, or a prefix of it); `isFinding` says whether
/// the run broke something. The coffee
/// app's explorer (`race-lab explore`) and the katas' checks search this way.
///
/// Each schedule is one run from the start (stateless search): a schedule's children deviate at
/// a decision point after its last deviation, at the points its own run reached, so every
/// schedule within the bound is run once.
public enum ScheduleSearch {
  /// What a search or a sampling did.
  public struct Report<Target, Run> {
    /// The schedules run, in all.
    public var schedulesRun = 0
    /// The run that broke something, with its schedule; nil if none did.
    public var finding: Run?
    /// How many schedules were run up to and including the finding.
    public var schedulesToFinding: Int?
    /// Where the finding comes in the order a search or a sampling runs schedules in, the same
    /// for any subset of the targets that holds the finding's: for a search, its level (the
    /// deviations it makes), its target's index and its place in that target's level; for a
    /// sampling, its seed and its target's index. Two searches over parts of the same targets
    /// can so tell which of their findings a search over all of them would have met first.
    public var findingPosition: [Int]?
    /// Whether the search stopped at `maximumSchedules` before covering the bound.
    public var stoppedAtCap = false
    /// The targets searched to the end of the bound (or sampled to the end of the runs).
    public var targetsCovered: [Target] = []

    public init() {}
  }

  /// Searches `targets` level by level (all schedules of 0 deviations over every target, then of
  /// 1, and so on, up to `bound`), at most `maximumSchedules` runs in all, until a run is a
  /// finding. `progress` hears of each target as its search starts, with the runs so far.
  public static func search<Target, Run>(
    _ targets: [Target], bound: Int, maximumSchedules: Int = 50_000,
    run: (Target, SchedulingPolicy) -> Run,
    readyCounts: (Run) -> [Int],
    isFinding: (Run) -> Bool,
    progress: (Target, Int) -> Void = { _, _ in }
  ) -> Report<Target, Run> {
    var report = Report<Target, Run>()
    var frontiers = targets.map { _ in [Schedule.defaultOrder] }
    for level in 0...max(0, bound) {
      for (index, target) in targets.enumerated() {
        if level == 0 { progress(target, report.schedulesRun) }
        var next: [Schedule] = []
        for (ordinal, schedule) in frontiers[index].enumerated() {
          guard report.schedulesRun < maximumSchedules else {
            report.stoppedAtCap = true
            return report
          }
          let outcome = run(target, .following(schedule))
          report.schedulesRun += 1
          if isFinding(outcome) {
            report.finding = outcome
            report.schedulesToFinding = report.schedulesRun
            report.findingPosition = [level, index, ordinal]
            return report
          }
          guard level < bound else { continue }
          let counts = readyCounts(outcome)
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

  /// Seeded runs (seeds 1, 2, ...), over `targets` in turn, until one is a finding or `runs` runs
  /// are spent. A finding's record carries the schedule it took, which `.following` replays
  /// exactly.
  public static func sample<Target, Run>(
    _ targets: [Target], runs: Int, policy: (UInt64) -> SchedulingPolicy,
    run: (Target, SchedulingPolicy) -> Run,
    isFinding: (Run) -> Bool
  ) -> Report<Target, Run> {
    var report = Report<Target, Run>()
    for index in 0..<runs where !targets.isEmpty {
      let target = targets[index % targets.count]
      let seed = index / targets.count + 1
      let outcome = run(target, policy(UInt64(seed)))
      report.schedulesRun += 1
      if isFinding(outcome) {
        report.finding = outcome
        report.schedulesToFinding = report.schedulesRun
        report.findingPosition = [seed, index % targets.count]
        return report
      }
    }
    report.targetsCovered = targets
    return report
  }
}
