import CoffeeScenarios
import SimulatedPlatform

/// "The file equals the model", and "the complication shows the model's drinks", checked at every
/// point of a stress iteration where the app has gone still, not only at its end.
///
/// A lost save does not always last: the next change of the drink list saves the whole list
/// again and the file catches up. Checked only at the end of an iteration, the invariant sees a
/// lost save only when no change came after it. At each still point (the stress settles the
/// app before the user leaves it, comes back, relaunches it, and now and then between actions)
/// nothing is in flight, so the file must hold the model's list there too. The same holds for
/// the complication: two reloads close together must each end with the timeline the model gives.
enum StillPointFileCheck {
  /// The invariants judged at every still point.
  static let invariants: [Stress.Invariant] = [
    .fileDiffersFromModel, .complicationDiffersFromModel,
  ]

  /// The findings of `invariants` at this still point, each judged as at the end of an iteration
  /// (the catalog entry that carries the invariant, on the platform's evidence); none when they
  /// hold (for the file: or when a write was lost at a suspension, its own finding).
  @MainActor
  static func findings(
    of driver: any CoffeeTrackerDriver, on platform: SimulatedPlatform, seed: UInt64
  ) -> [Stress.Finding] {
    let outcome = StressOutcome(
      snapshot: Snapshot(of: driver, on: platform), events: platform.events.all,
      offMainReads: platform.publishedChanges.readsOffMainQueue,
      // Not read by the invariants judged here: the others wait for the end.
      expectedDrinks: 0, unansweredAuthorizationRequests: 0, authorizationCannotSucceed: false)
    return Stress.check(outcome, seed: seed, only: Set(invariants)).map { finding in
      Stress.Finding(
        invariant: finding.invariant, entryID: finding.entryID, evidence: finding.evidence,
        seed: seed, detail: "\(finding.detail) at a point where the app had gone still")
    }
  }
}
