import CoffeeScenarios
import Foundation
import RaceLab

/// How well each stress scheduler finds each catalog entry the stress claims: the share of
/// iterations that found it, and how soon the first one did.
@MainActor
enum DetectionPower {
  /// One scheduler's stress on both variants.
  struct Run {
    let scheduler: Stress.Scheduler
    let before: Stress.Report
    let after: Stress.Report
  }

  static func run(iterations: Int, progress: (String) -> Void) async throws -> [Run] {
    var runs: [Run] = []
    for scheduler in [Stress.Scheduler.random, DetectionPowerSettings.pct] {
      // Both schedulers run the same iterations, of the length detection power is measured at.
      let configuration = Stress.Configuration(
        seed: 1, iterations: iterations, timeBudget: 600,
        actionsPerIteration: DetectionPowerSettings.actionsPerIteration, scheduler: scheduler)
      let before = try await Stress.run(on: .before, configuration: configuration)
      let after = try await Stress.run(on: .after, configuration: configuration)
      progress(
        "  stress with the \(scheduler) scheduler: \(iterations) iterations per variant done")
      runs.append(Run(scheduler: scheduler, before: before, after: after))
    }
    return runs
  }

  /// The entries the stress claims to detect.
  nonisolated static var claimedEntries: [RaceEntry] {
    RaceCatalog.entries.filter { $0.detectors.contains(.stress) }
  }
}
