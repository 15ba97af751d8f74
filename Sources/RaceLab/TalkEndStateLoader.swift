import CoffeeDomain
import Foundation
import SimulatedPlatform

/// A minimal copy of the talk's end state for health loads: an actor that reads the anchor,
/// awaits the query, then writes the anchor.
///
/// The actor protects its state from data races, but not from reentrancy: while one load is
/// suspended at `await`, another load runs on the actor and reads the same anchor. Both add the
/// same samples. The lab's after variant chains its loads to avoid exactly this.
actor TalkEndStateLoader {
  private let store: HealthStore
  private let clock: SimulatedClock
  private var anchor: QueryAnchor?
  /// The drinks the loads added, as the model would hold them.
  private(set) var drinks: [Drink] = []

  init(platform: SimulatedPlatform) {
    self.store = platform.healthStore
    self.clock = platform.clock
  }

  /// Loads the samples added since the anchor. Two calls can interleave at the `await`.
  func loadNewDataFromHealthKit() async -> Bool {
    do {
      let (samples, newAnchor) = try await queryHealthKit()
      anchor = newAnchor
      drinks += samples.map {
        Drink(mgCaffeine: $0.mgCaffeine, onDate: $0.date, uuid: $0.uuid)
      }
      return true
    } catch {
      return false
    }
  }

  private func queryHealthKit() async throws -> ([CaffeineSample], QueryAnchor?) {
    let now = clock.now
    let dateRange = DateInterval(start: now.addingTimeInterval(-24 * 60 * 60), end: now)
    return try await withCheckedThrowingContinuation { continuation in
      let query = AnchoredObjectQuery(dateRange: dateRange, anchor: anchor) {
        _, samples, _, newAnchor, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(returning: (samples ?? [], newAnchor))
        }
      }
      store.execute(query)
    }
  }
}
