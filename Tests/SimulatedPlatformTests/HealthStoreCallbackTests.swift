import Foundation
import SimulatedPlatform
import Testing

/// Like HealthKit, the simulated health store calls every completion handler on a global queue,
/// never on the main queue, even when the request came from there: the before app's races on
/// callback queues and the after app's continuations both rest on it.
@Suite("Health store callbacks", .timeLimit(.minutes(5)))
@MainActor
struct HealthStoreCallbackTests {
  /// Where one callback ran: by the tests' own main-queue key, and by the platform's account.
  struct CallbackPlace: Sendable, Equatable {
    let onMainQueue: Bool
    let context: ExecutionContext

    static var here: CallbackPlace {
      CallbackPlace(onMainQueue: MainQueueProbe.isOnMainQueue, context: .current)
    }
  }

  @Test("Requests made on the main queue are answered off it, each on its callback lane")
  func callbacksRunOffTheMainQueue() async throws {
    #expect(MainQueueProbe.isOnMainQueue, "the test itself runs on the main queue")
    let platform = try SimulatedPlatform()
    let store = platform.healthStore
    let places = PlatformLock<[String: CallbackPlace]>([:])

    store.requestAuthorization { _, _ in places.withLock { $0["authorization"] = .here } }
    await platform.activity.waitUntilNothingInFlight()
    let sample = CaffeineSample(
      mgCaffeine: 95, date: platform.clock.now, syncIdentifier: UUID(), source: store.appSource)
    store.save(sample) { _, _ in places.withLock { $0["save"] = .here } }
    let range = DateInterval(start: .distantPast, end: .distantFuture)
    store.execute(
      AnchoredObjectQuery(dateRange: range, anchor: nil) { _, _, _, _, _ in
        places.withLock { $0["query"] = .here }
      })
    await platform.activity.waitUntilNothingInFlight()

    #expect(
      places.withLock { $0 } == [
        "authorization": CallbackPlace(
          onMainQueue: false, context: .callback("health authorization")),
        "save": CallbackPlace(onMainQueue: false, context: .callback("health save")),
        "query": CallbackPlace(onMainQueue: false, context: .callback("health query")),
      ])
  }

  @Test("A failing request is answered off the main queue too, with the store's error")
  func failuresRunOffTheMainQueue() async throws {
    let platform = try SimulatedPlatform()
    let store = platform.healthStore
    store.configure { $0.failsAuthorization = true }
    let answer = PlatformLock<(succeeded: Bool, error: HealthStoreError?, onMain: Bool)?>(nil)

    store.requestAuthorization { succeeded, error in
      answer.withLock {
        $0 = (succeeded, error as? HealthStoreError, MainQueueProbe.isOnMainQueue)
      }
    }
    await platform.activity.waitUntilNothingInFlight()

    let got = try #require(answer.withLock { $0 })
    #expect(!got.succeeded)
    #expect(got.error == .authorizationFailed)
    #expect(!got.onMain)
    #expect(store.authorizationStatus() == .notDetermined)
  }

  @Test("A query's handler runs exactly once, with what changed since its anchor")
  func queryAnswersOnceSinceItsAnchor() async throws {
    let platform = try SimulatedPlatform()
    let store = platform.healthStore
    try await store.requestAuthorization()
    let now = platform.clock.now
    let kept = store.addSampleFromAnotherDevice(mgCaffeine: 60, date: now.addingTimeInterval(-90))
    let deleted = store.addSampleFromAnotherDevice(
      mgCaffeine: 70, date: now.addingTimeInterval(-60))
    let range = DateInterval(start: now.addingTimeInterval(-3600), end: now.addingTimeInterval(60))
    let answers = PlatformLock<[(added: [UUID], deleted: [UUID], anchor: QueryAnchor?)]>([])
    func query(since anchor: QueryAnchor?) async {
      store.execute(
        AnchoredObjectQuery(dateRange: range, anchor: anchor) { _, added, deleted, anchor, _ in
          answers.withLock {
            $0.append((added?.map(\.uuid) ?? [], deleted?.map(\.uuid) ?? [], anchor))
          }
        })
      await platform.activity.waitUntilNothingInFlight()
    }

    await query(since: nil)
    let anchor = answers.withLock { $0.last?.anchor }
    store.deleteSample(uuid: deleted.uuid)
    let added = store.addSampleFromAnotherDevice(mgCaffeine: 80, date: now)
    await query(since: anchor)

    let got = answers.withLock { $0 }
    try #require(got.count == 2, "one answer per query")
    #expect(got[0].added == [kept.uuid, deleted.uuid])
    #expect(got[0].deleted.isEmpty)
    #expect(got[1].added == [added.uuid], "only what was added since the anchor")
    #expect(got[1].deleted == [deleted.uuid])
  }
}
