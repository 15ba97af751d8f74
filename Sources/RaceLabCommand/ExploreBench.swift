import CheckReporting
import CommandLineSupport
import DeterministicScheduling
import Foundation
import RaceLab

/// `race-lab explore-bench`: for each catalog entry of the before variant, how many runs each way
/// of choosing schedules takes to the first finding, side by side: the bounded search (races
/// seen, then symptoms only), and seeded random and PCT schedules under the same scheduler.
/// `make bench` prints it after `coffee-bench`'s figures for the stress on real threads.
/// Counts, not seconds, are the comparison: the rate is given once, for scale.
enum ExploreBench {
  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    var arguments = arguments
    let budget = try arguments.number("--runs", as: Int.self) ?? 2_000
    _ = try arguments.positional(max: 0)
    let entries = ExplorationTarget.beforeVariantEntries
    print("Exploration beside sampling, on the before variant: runs to the first finding")
    print(
      "(each run is one scenario from launch to its last step; \"-\" means none within \(budget))")
    print("")
    let header =
      pad("entry", 32) + pad("races seen", 12) + pad("symptom", 14) + pad("random", 9) + "pct"
    print(header)
    var runs = 0
    var seconds = 0.0
    for entry in entries {
      let story = ExplorationTarget.story(of: entry, variant: .before)
      let isEntry: (ExploredRun.Finding) -> Bool = { $0.entryID == entry.id }
      let seen = Explorer.search(
        story, bound: 2, maximumSchedules: budget, tracksHappensBefore: true, matches: isEntry)
      let symptom = Explorer.search(
        story, bound: 2, maximumSchedules: budget,
        matches: { $0.entryID == entry.id && $0.kind != .unorderedAccesses })
      let random = Explorer.sample(
        story, runs: budget, policy: { .random(seed: $0) }, matches: isEntry)
      let pct = Explorer.sample(
        story, runs: budget, policy: { .pct(seed: $0, depth: 2, expectedSteps: PCTSteps.expected) },
        matches: isEntry)
      for report in [seen, symptom, random, pct] {
        runs += report.schedulesRun
        seconds += report.seconds
      }
      print(
        pad(entry.id, 32) + pad(figure(seen), 12) + pad(figure(symptom), 14)
          + pad(figure(random), 9) + figure(pct))
    }
    print("")
    let legend =
      "In brackets: the deviations from the default order of the schedule that showed it. "
      + "races seen: the bounded search, fewest deviations first, with unordered accesses "
      + "reported; symptom: the same search for a broken expectation or invariant alone "
      + "(health-state-on-callback-queues has none the scenarios check: its race is only "
      + "seen); random, pct: seeded schedules under the same scheduler (seeds 1, 2, ..., the "
      + "entry's scenarios in turn; PCT of depth 2). The stress on real threads, which samples "
      + "the operating system's orders, is coffee-bench's detection table above."
    for line in WordWrap.lines(legend, width: 78) { print(line) }
    fflush(nil)
    FileHandle.standardError.write(
      Data(
        String(
          format: "%d runs in %.1f s: %.0f schedules per second\n", runs, seconds,
          Double(runs) / max(seconds, 0.001)
        ).utf8))
    return 0
  }

  static func figure(_ report: Explorer.Report) -> String {
    guard let count = report.schedulesToFinding, let run = report.finding else { return "-" }
    return "\(count) (\(run.record.schedule.deviations.count))"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
