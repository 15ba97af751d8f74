import CoffeeScenarios
import LabCheckKit
import LabTrace
import RaceLab
import SimulatedPlatform

/// The check that puts work in flight on the learner's app: a bounded, seeded stress (random
/// user actions, health failures, suspensions, relaunches, fired without waiting for the app to
/// go still) under the PCT scheduler, which decides at the platform's checkpoints which thread
/// goes next. The scenarios play one step at a time; this is where two saves overlap, a load
/// answers while a save is in flight, or the app is suspended mid-write.
///
/// The budget is counted in iterations, never in seconds, so a busy machine runs the same
/// iterations, only slower. Each iteration's actions, latencies and PCT priorities come from its
/// seed; a finding prints the seed, the invariant in the app's words, and the racing steps of the
/// learner's app on their lanes when the platform's records tie the finding to a catalog entry.
@MainActor
public enum StressCheck {
  /// The check's title, as `exercises.json` names it.
  public static let title = "a seeded stress with overlapping work breaks none of the app's rules"

  /// How many iterations, how many actions in each, and the PCT depth: about a second on two
  /// cores for a correct app (measured with the check executable built with and without it).
  public static let iterations = 24
  public static let actionsPerIteration = 24
  public static let depth = 2
  public static let firstSeed: UInt64 = 1

  /// Passes when no iteration breaks an invariant, except through a bug of `stillBroken` (bugs
  /// of the before variant that a later step fixes): a finding the platform's records tie to one
  /// of them, or one of their invariants broken with nothing recorded to say why.
  ///
  /// `setAside` names invariants this step may still break for a reason no catalog entry
  /// records (step 07's saves, sent from one unstructured task each, may reach the store out of
  /// order until step 08 awaits them): their findings are set aside whatever the evidence.
  public static func outcome(
    on variant: Variant, stillBroken: Set<KnownBug> = [], setAside: Set<Stress.Invariant> = []
  ) async throws -> CheckOutcome {
    let scheduler = Stress.Scheduler.pct(depth: depth)
    let report = try await Stress.run(
      on: variant,
      configuration: .init(
        seed: firstSeed, iterations: iterations, timeBudget: .infinity,
        minimumIterations: iterations, actionsPerIteration: actionsPerIteration,
        scheduler: scheduler))
    let brokenIDs = Set(stillBroken.map(\.id))
    let brokenInvariants = Set(
      RaceCatalog.entries.filter { brokenIDs.contains($0.id) }
        .flatMap { $0.stressInvariants.map(\.name) })
    let findings = report.findings.filter { finding in
      if setAside.contains(finding.invariant) { return false }
      guard let entryID = finding.entryID else {
        return !brokenInvariants.contains(finding.invariant)
      }
      return !brokenIDs.contains(entryID)
    }
    guard let first = findings.first else { return .pass }
    var lines = [
      "\(Set(findings.map(\.seed)).count) of \(report.iterations) iterations broke a rule of the "
        + "app. The first, seed \(first.seed):",
      "  \(sentence(for: first.invariant)): \(first.detail)",
    ]
    if let entryID = first.entryID, let evidence = first.evidence {
      lines.append("  the platform's records show the interleaving of \(entryID): \(evidence)")
      // The same seed again, traced: the learner's racing steps on their lanes.
      let traces = TraceCollector()
      _ = try await traces.collecting {
        try await Stress.runIteration(
          on: variant, seed: first.seed, actions: actionsPerIteration, scheduler: scheduler)
      }
      lines += ScenarioChecks.racingSteps(
        in: traces.traces.last, of: entryID, title: "your app's racing steps, seed \(first.seed):",
        whenEmpty: "the seed ran again without this interleaving: the threads' order varies where "
          + "the scheduler has no checkpoint")
    }
    return .fail(lines.joined(separator: "\n"))
  }

  /// What breaking `invariant` means for someone wearing the watch.
  public static func sentence(for invariant: Stress.Invariant) -> String {
    switch invariant {
    case .drinksDuplicated: "a drink appears twice in the list"
    case .queryFromStaleAnchor:
      "a health query did not start where the previous answer left off: it asks again for "
        + "changes the app already has, or skips some"
    case .drinksLost: "a drink that was added, here or on another device, is missing"
    case .fileDiffersFromModel: "the file on disk differs from the list the watch shows"
    case .complicationDiffersFromModel:
      "the complication on the watch face shows a caffeine level the drink list does not give"
    case .writeLostAtSuspension:
      "a save was still writing when the app was suspended, and never reached the disk"
    case .authorizationUnanswered: "a request for health authorization was never answered"
    case .publishedOffMain: "the drink list changed off the main queue"
    case .backgroundTaskNotCompletedOnce:
      "a background refresh task was not marked completed exactly once"
    case .fileIOOnMain: "the file was read or written on the main queue"
    }
  }
}
