import CoffeeScenarios
import Foundation
import SimulatedPlatform
import Testing

@testable import RaceLab

/// The stress invariant "each health query starts from the anchor the previous answer returned"
/// (`query-from-stale-anchor`, carried by the overlapping-loads entry), read from the anchors the
/// health store records with each answer. The variants run in a process of their own, so that a
/// crash fails the case by name.
@Suite("Each health query starts from the previous answer's anchor", .timeLimit(.minutes(5)))
struct QueryAnchorChainTests {
  /// The invariant, as the stress checks it.
  static var invariant: StressInvariant {
    RaceCatalog.overlappingLoads.stressInvariants.first { $0.name == .queryFromStaleAnchor }!
  }

  @Test("Two overlapping loads of the before variant break it, and the records say why")
  func beforeBreaksIt() async {
    await #expect(processExitsWith: .success) {
      let outcome = try await Self.twoOverlappingLoads(on: .before)
      #expect(Self.invariant.breach(in: outcome) != nil)
      #expect(Self.invariant.evidence(in: outcome) != nil)
    }
  }

  @Test("The after variant keeps it under the same schedule: its loads wait their turn")
  func afterKeepsIt() async {
    await #expect(processExitsWith: .success) {
      let outcome = try await Self.twoOverlappingLoads(on: .after)
      let answers = QueryAnchorChain.answers(in: outcome.events)
      // The launch's load and both loads of the schedule: not a chain of one.
      #expect(answers.count >= 3)
      #expect(Self.invariant.breach(in: outcome) == nil)
    }
  }

  @Test("Queries that each start from the last answer's anchor keep it; one from an old anchor not")
  func onThePlatform() async throws {
    let platform = try SimulatedPlatform()
    try await platform.healthStore.requestAuthorization()
    let first = try await Self.query(platform, from: nil)
    // Nothing new: the answer returns the anchor it started from, and the next query may start
    // from it again.
    let unchanged = try await Self.query(platform, from: first)
    #expect(unchanged == first)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-60))
    let moved = try await Self.query(platform, from: unchanged)
    #expect(moved != first)
    #expect(QueryAnchorChain.breach(in: platform.events.all) == nil)

    // A query from the anchor before the last answer: what an overlapping load sends.
    _ = try await Self.query(platform, from: first)
    let breach = try #require(QueryAnchorChain.breach(in: platform.events.all))
    #expect(breach.contains("started from \(first)"))
    #expect(breach.contains("not from \(moved)"))
  }

  /// Runs one anchored query from `anchor` and returns the anchor its answer returned.
  static func query(_ platform: SimulatedPlatform, from anchor: QueryAnchor?) async throws
    -> QueryAnchor
  {
    let now = platform.clock.now
    let range = DateInterval(start: now.addingTimeInterval(-24 * 3600), end: now)
    return try await withCheckedThrowingContinuation { continuation in
      platform.healthStore.execute(
        AnchoredObjectQuery(dateRange: range, anchor: anchor) { _, _, _, newAnchor, error in
          if let newAnchor {
            continuation.resume(returning: newAnchor)
          } else {
            continuation.resume(throwing: error ?? CancellationError())
          }
        })
    }
  }

  /// The overlapping-loads schedule, two loads: the first answer is held until the rest of the
  /// app can do nothing more without it (`waitUntilStillAroundHeldThread`), so that loads that
  /// overlap issue the second query first and loads that wait their turn wait; decided by the
  /// platform's counts, not by a timeout. What the stress would check afterwards.
  @MainActor
  static func twoOverlappingLoads(on variant: Variant) async throws -> StressOutcome {
    let (platform, driver) = try await Replay.launchSettled(variant)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))
    let queries = Counter()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      guard queries.increment() == 1 else { return }
      // The held query counts as platform work until its callback has returned.
      _ = platform.waitUntilStillAroundHeldThread(heldPlatformWork: 1)
    }
    driver.loadNewDataFromHealthKit { _ in }
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)
    Replay.removeAllCheckpoints(on: platform)
    return StressOutcome(
      snapshot: Snapshot(of: driver, on: platform), events: platform.events.all,
      offMainReads: platform.publishedChanges.readsOffMainQueue, expectedDrinks: 0,
      unansweredAuthorizationRequests: 0, authorizationCannotSucceed: false)
  }
}
