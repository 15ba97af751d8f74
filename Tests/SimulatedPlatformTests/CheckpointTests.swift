import Foundation
import SimulatedPlatform
import Testing

/// Checkpoints let a replay step in on the very thread that reached them: a handler that holds
/// that thread holds what comes next (the app's callback), and the platform keeps counting the
/// work in flight until it is let go.
@Suite("Checkpoints", .timeLimit(.minutes(5)))
@MainActor
struct CheckpointTests {
  @Test("A health callback held at its checkpoint reaches the app only once let go")
  func heldCallbackWaitsForRelease() async throws {
    let platform = try SimulatedPlatform()
    let store = platform.healthStore
    try await store.requestAuthorization()
    let delivered = PlatformLock(0)
    let deliveredBeforeReturned = PlatformLock<Bool?>(nil)
    platform.checkpoints.install(at: .healthCallbackReturned(.save)) {
      deliveredBeforeReturned.withLock { $0 = delivered.withLock { $0 } == 1 }
    }
    let held = HeldThread(at: .healthCallbackDelivering(.save), on: platform)
    let sample = CaffeineSample(
      mgCaffeine: 64, date: platform.clock.now, syncIdentifier: nil, source: store.appSource)

    store.save(sample) { _, _ in delivered.withLock { $0 += 1 } }
    await held.arrival()
    #expect(delivered.withLock { $0 } == 0, "held before the app's callback")
    #expect(platform.activity.inFlight == 1, "still counted in flight while held")
    #expect(store.samples.map(\.uuid) == [sample.uuid], "the store's own work is done")

    held.letGo()
    await platform.activity.waitUntilNothingInFlight()
    #expect(delivered.withLock { $0 } == 1)
    #expect(deliveredBeforeReturned.withLock { $0 } == true)
  }

  @Test("A handler runs on the thread that reached its checkpoint")
  func handlersRunWhereReached() async throws {
    let platform = try SimulatedPlatform()
    let atQuery = PlatformLock<(onMain: Bool, context: ExecutionContext)?>(nil)
    let atWrite = PlatformLock<(onMain: Bool, onDisk: Data?)?>(nil)
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      atQuery.withLock { $0 = (MainQueueProbe.isOnMainQueue, .current) }
    }
    platform.checkpoints.install(at: .fileWriteFinishing) {
      let onDisk = platform.documents.contents(ofFileNamed: "d.json")
      atWrite.withLock { $0 = (MainQueueProbe.isOnMainQueue, onDisk) }
    }

    let range = DateInterval(start: .distantPast, end: .distantFuture)
    platform.healthStore.execute(
      AnchoredObjectQuery(dateRange: range, anchor: nil) { _, _, _, _, _ in })
    try platform.documents.write(Data("d".utf8), toFileNamed: "d.json")
    await platform.activity.waitUntilNothingInFlight()

    let query = try #require(atQuery.withLock { $0 })
    #expect(!query.onMain)
    #expect(query.context == .callback("health query"))
    let write = try #require(atWrite.withLock { $0 })
    #expect(write.onMain, "the write was made on the main queue")
    #expect(write.onDisk == Data("d".utf8), "the file is on disk at fileWriteFinishing")
  }

  @Test("A removed handler no longer runs")
  func removedHandlerDoesNotRun() throws {
    let platform = try SimulatedPlatform()
    let reached = PlatformLock(0)
    platform.checkpoints.install(at: .fileWriteStarting) { reached.withLock { $0 += 1 } }

    try platform.documents.write(Data(), toFileNamed: "e1")
    platform.checkpoints.remove(at: .fileWriteStarting)
    try platform.documents.write(Data(), toFileNamed: "e2")

    #expect(reached.withLock { $0 } == 1)
  }
}
