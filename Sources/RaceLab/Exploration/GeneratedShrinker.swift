import CoffeeScenarios

/// Shrinks a finding in a generated scenario, as QuickCheck shrinks a failing test case: drops
/// the scenario's drawn steps one at a time (a failed write with its two drinks as one), keeps
/// a drop while the scenario without those steps still breaks when searched as the finding was
/// (the same bound, so its schedule stays one with the fewest deviations), and stops when no
/// single drop breaks anything. A drop that leaves a world watchOS does not make (a refresh
/// while the app is in front) is never tried. Every search is a bounded one: the same shrunk
/// scenario on every run.
public enum GeneratedShrinker {
  /// What shrinking found.
  public struct Result: Sendable {
    /// The failing run of the shortest scenario found, at its minimal schedule.
    public let run: ExploredRun
    /// How many drawn steps the first failing scenario had, and how many are left.
    public let stepsBefore: Int
    public let stepsAfter: Int
    /// Searches run, and schedules in all.
    public let searches: Int
    public let schedules: Int
  }

  /// Shrinks `run`, a finding in a generated scenario, by `Explorer.search` to `bound`; nil
  /// when its scenario is not one.
  public static func shrink(
    _ run: ExploredRun, bound: Int, maximumSchedules: Int = 50_000,
    tracksHappensBefore: Bool = false, matches: (ExploredRun.Finding) -> Bool,
    progress: (String) -> Void = { _ in }
  ) -> Result? {
    shrink(run, progress: progress) { target in
      let report = Explorer.search(
        [target], bound: bound, maximumSchedules: maximumSchedules,
        tracksHappensBefore: tracksHappensBefore, matches: matches)
      return (report.finding, report.schedulesRun)
    }
  }

  /// Shrinks `run`, a finding in a generated scenario, by `search`, which looks for a finding
  /// in one target as the first finding was looked for: its failing run, if any, and the
  /// schedules it ran. Nil when the scenario is not a generated one.
  public static func shrink(
    _ run: ExploredRun, progress: (String) -> Void = { _ in },
    search: (ExplorationTarget) -> (finding: ExploredRun?, schedules: Int)
  ) -> Result? {
    let target = run.target
    guard let name = Scenario.generatedName(of: target.scenario.id) else { return nil }
    let drawn = Scenario.generatedStepCount(seed: name.seed)
    var dropped = name.dropped
    var best = run
    var searches = 0
    var schedules = 0
    var shrunk = true
    while shrunk {
      shrunk = false
      for step in 1...drawn where !dropped.contains(step) {
        let candidate = dropped.union([step])
        // A drop the end plays again (the last failure's end, say) leaves the same steps.
        guard candidate.count < drawn,
          let scenario = Scenario.generated(seed: name.seed, without: candidate),
          scenario.steps != best.target.scenario.steps
        else { continue }
        progress(scenario.id)
        let (finding, ran) = search(
          ExplorationTarget(scenario: scenario, variant: target.variant, pacing: target.pacing))
        searches += 1
        schedules += ran
        if let finding {
          dropped = candidate
          best = finding
          shrunk = true
          break
        }
      }
    }
    return Result(
      run: best, stepsBefore: drawn - name.dropped.count, stepsAfter: drawn - dropped.count,
      searches: searches, schedules: schedules)
  }
}
