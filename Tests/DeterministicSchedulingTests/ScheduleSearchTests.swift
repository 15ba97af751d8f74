import DeterministicScheduling
import Testing

/// The search's order and budget, on a stand-in for a run: every run reaches three decision
/// points with two jobs ready at each, so the schedules within a bound can be counted by hand.
@Suite("Schedule search")
struct ScheduleSearchTests {
  /// What a stand-in run did: the schedule it followed, and its ready counts.
  struct Run {
    let schedule: Schedule
    let readyCounts = [2, 2, 2]
  }

  static func run(_ target: String, _ policy: SchedulingPolicy) -> Run {
    guard case .following(let schedule) = policy else { return Run(schedule: .defaultOrder) }
    return Run(schedule: schedule)
  }

  @Test("Within a bound, every schedule runs once: 1 + 3 + 3 for two deviations at three points")
  func coversTheBound() {
    var seen: [String] = []
    let report = ScheduleSearch.search(
      ["target"], bound: 2,
      run: { target, policy in
        let run = Self.run(target, policy)
        seen.append(run.schedule.description)
        return run
      },
      readyCounts: \.readyCounts, isFinding: { _ in false })
    #expect(report.schedulesRun == 7)
    #expect(Set(seen).count == 7)
    #expect(seen == ["default", "0:1", "1:1", "2:1", "0:1,1:1", "0:1,2:1", "1:1,2:1"])
    #expect(report.finding == nil && !report.stoppedAtCap && report.targetsCovered == ["target"])
  }

  @Test("The first finding has the fewest deviations, and a bound below it finds nothing")
  func fewestDeviationsFirst() {
    // Broken by any schedule that deviates at point 2.
    let isFinding: (Run) -> Bool = { $0.schedule.choice(at: 2) == 1 }
    let found = ScheduleSearch.search(
      ["target"], bound: 2, run: Self.run, readyCounts: \.readyCounts, isFinding: isFinding)
    #expect(found.finding?.schedule.description == "2:1")
    #expect(found.schedulesToFinding == 4)
    let missed = ScheduleSearch.search(
      ["target"], bound: 0, run: Self.run, readyCounts: \.readyCounts, isFinding: isFinding)
    #expect(missed.finding == nil && missed.schedulesRun == 1)
  }

  @Test("The budget is counted in schedules: past it, the search says it stopped")
  func stopsAtTheCap() {
    let report = ScheduleSearch.search(
      ["target"], bound: 2, maximumSchedules: 5, run: Self.run, readyCounts: \.readyCounts,
      isFinding: { _ in false })
    #expect(report.schedulesRun == 5 && report.stoppedAtCap && report.targetsCovered.isEmpty)
  }

  @Test("Only the decision points the caller names are deviated at")
  func deviatesOnlyWhereAsked() {
    let report = ScheduleSearch.search(
      ["target"], bound: 1, run: Self.run, readyCounts: { Array($0.readyCounts.prefix(1)) },
      isFinding: { _ in false })
    #expect(report.schedulesRun == 2)
  }

  @Test("Seeded sampling runs seeds 1, 2, ... over the targets in turn, and stops at a finding")
  func samplesSeedsInOrder() {
    var seeds: [UInt64] = []
    let report = ScheduleSearch.sample(
      ["a", "b"], runs: 10, policy: { .random(seed: $0) },
      run: { (target: String, policy: SchedulingPolicy) -> (String, SchedulingPolicy) in
        if case .random(let seed) = policy { seeds.append(seed) }
        return (target, policy)
      },
      isFinding: { (run: (String, SchedulingPolicy)) in
        run.0 == "b" && run.1 == .random(seed: 2)
      })
    #expect(seeds == [1, 1, 2, 2])
    #expect(report.schedulesToFinding == 4)
  }

  @Test(
    "A finding's position orders it as a search of all the targets would: searches of parts agree"
  )
  func positionsAgreeAcrossParts() {
    // "b" breaks at one deviation (point 2), "c" at none: the whole search meets "c" first,
    // at level 0, though "b" comes before it in the list.
    let isFinding: (Run, String) -> Bool = { run, target in
      (target == "b" && run.schedule.choice(at: 2) == 1) || target == "c"
    }
    func search(_ targets: [String]) -> ScheduleSearch.Report<String, (String, Run)> {
      ScheduleSearch.search(
        targets, bound: 1, run: { target, policy in (target, Self.run(target, policy)) },
        readyCounts: { $0.1.readyCounts }, isFinding: { isFinding($0.1, $0.0) })
    }
    let whole = search(["a", "b", "c"])
    #expect(whole.finding?.0 == "c")
    #expect(whole.findingPosition == [0, 2, 0])
    // The same targets in two parts, as two exploring processes share them (places 0, 2 and 1).
    let even = search(["a", "c"])
    let odd = search(["b"])
    #expect(even.findingPosition == [0, 1, 0])
    #expect(odd.findingPosition == [1, 0, 2])
    // Mapped back to the targets' places, the least position is the whole search's finding.
    let places = [[0, 2], [1]]
    let ranked = [(even, places[0]), (odd, places[1])].compactMap { report, places in
      report.findingPosition.map { [$0[0], places[$0[1]], $0[2]] }
    }
    #expect(ranked.min { $0.lexicographicallyPrecedes($1) } == whole.findingPosition)
  }
}
