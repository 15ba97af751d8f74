import CoffeeScenarios
import SimulatedPlatform

/// "The file equals the model", checked at every point of a stress iteration where the app has
/// gone still, not only at its end.
///
/// A lost save does not always last: the next change of the drink list saves the whole list
/// again and the file catches up. Checked only at the end of an iteration, the invariant sees a
/// lost save only when no change came after it. At each still point (the stress settles the
/// app before the user leaves it, comes back, relaunches it, and now and then between actions)
/// nothing is in flight, so the file must hold the model's list there too.
enum StillPointFileCheck {
  /// A finding when the file differs from the model at this still point, tied to
  /// `saved-value-race` only when `SavedValueRaceEvidence` finds its interleaving in the records
  /// so far. Nil when they agree, or when a write was lost at a suspension (its own finding).
  @MainActor
  static func finding(
    of driver: any CoffeeTrackerDriver, on platform: SimulatedPlatform, seed: UInt64
  ) -> Stress.Finding? {
    let snapshot = Snapshot(of: driver, on: platform)
    guard snapshot.writesLostAtSuspension == 0, snapshot.file.drinks != snapshot.modelDrinks
    else { return nil }
    let evidence = SavedValueRaceEvidence.find(
      events: platform.events.all, offMainReads: platform.publishedChanges.readsOffMainQueue)
    return Stress.Finding(
      invariant: .fileDiffersFromModel,
      entryID: evidence == nil ? nil : RaceCatalog.savedValueRace.id,
      evidence: evidence, seed: seed,
      detail: "the file differs from the model at a point where the app had gone still")
  }
}
