import Foundation
import SimulatedPlatform
import Testing

/// The `@Published` stand-in records every change with where it was made and flags those made
/// off the main queue, as SwiftUI warns at run time; reads off main are recorded too.
@Suite("Published changes", .timeLimit(.minutes(5)))
@MainActor
struct PublishedChangeTests {
  /// An observable object with one published property and an observer.
  ///
  /// `@unchecked Sendable` on purpose: the tests touch it from another queue, the very mistake
  /// the recorder is there to report.
  final class Counter: ObservableObject, @unchecked Sendable {
    let objectWillChange: PublishedChangeRecorder
    /// The values `didSet` saw, in order.
    var observed: [Int] = []
    @Published var count = 0 {
      didSet { observed.append(count) }
    }

    init(on platform: SimulatedPlatform) {
      objectWillChange = platform.publishedChanges
    }
  }

  @Test("A change on the main queue is recorded as such; one made off it is flagged")
  func offMainChangesAreFlagged() async throws {
    let platform = try SimulatedPlatform()
    let counter = Counter(on: platform)

    counter.count = 1
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        counter.count = 2
        continuation.resume()
      }
    }

    let changes = platform.publishedChanges.all
    #expect(changes.map(\.isOffMainQueue) == [false, true])
    #expect(platform.publishedChanges.offMainQueue.count == 1)
    let recorded = platform.events.all.compactMap { event -> ExecutionContext? in
      if case .publishedChange = event.kind { event.context } else { nil }
    }
    #expect(recorded == [.mainQueue, .elsewhere])
    #expect(counter.observed == [1, 2])
  }

  @Test("A read off the main queue is recorded; a read on it is not")
  func offMainReadsAreRecorded() async throws {
    let platform = try SimulatedPlatform()
    let counter = Counter(on: platform)

    _ = counter.count
    #expect(platform.publishedChanges.readsOffMainQueue.isEmpty)
    await Task.detached { _ = counter.count }.value

    let reads = platform.publishedChanges.readsOffMainQueue
    #expect(reads.map(\.context) == [.elsewhere])
  }

  @Test("At publishedValueStored the new value is stored and didSet has not run yet")
  func valueStoredBeforeObservers() throws {
    let platform = try SimulatedPlatform()
    let counter = Counter(on: platform)
    let seen = PlatformLock<(count: Int, observed: [Int])?>(nil)
    platform.checkpoints.install(at: .publishedValueStored) {
      MainActor.assumeIsolated {
        seen.withLock { $0 = (counter.count, counter.observed) }
      }
    }

    counter.count = 7

    let atCheckpoint = try #require(seen.withLock { $0 })
    #expect(atCheckpoint.count == 7)
    #expect(atCheckpoint.observed.isEmpty)
    #expect(counter.observed == [7])
  }
}
