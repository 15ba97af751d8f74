import Foundation
import KataSupport
import Testing

private let url = URL(string: "https://kata.example/held")!

@Suite("Event log and manual clock", .timeLimit(.minutes(5)))
struct SupportTests {
  @Test("An event log wakes its waiter once it holds enough elements")
  func eventLog() async {
    let log = EventLog<Int>()
    let waiter = Task {
      await log.waitUntil(count: 2)
      return log.elements
    }
    log.append(1)
    log.append(2)
    #expect(await waiter.value == [1, 2])
    // A count already reached returns at once.
    await log.waitUntil(count: 1)
    #expect(log.elements == [1, 2])
  }

  @Test("A drawing is its bytes behind a prefix, and tells its observer where it ran")
  func drawing() {
    let seen = LockedValue<[String]>([])
    Drawing.observe { image, onMainActor in
      let place = onMainActor.map { "main actor: \($0)" } ?? "outside an exploring run"
      seen.withLock { $0.append("\(image.count) B, \(place)") }
    }
    defer { Drawing.observe(nil) }
    #expect(Drawing.thumbnail(of: Data("abc".utf8)) == Data("thumb:abc".utf8))
    // Outside an exploring run no one knows the lane: nil, never a guess.
    #expect(seen.current == ["3 B, outside an exploring run"])
  }

  @Test("A sleeper on the manual clock is cancelled with its task")
  func clockCancellation() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("A cancelled request whose latency is being slept is counted as cancelled")
  func cancelledDuringLatency() async {
    let clock = ManualClock()
    let transport = SimulatedTransport(clock: clock)
    transport.delay(url, by: .seconds(1))
    let request = Task { try await transport.data(for: url) }
    await clock.waitForSleepers()
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(transport.statistics.cancellations == 1)
  }
}
