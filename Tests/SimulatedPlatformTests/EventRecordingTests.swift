import Foundation
import SimulatedPlatform
import Testing

/// The platform's event log takes events from any thread: each gets the next position, the log
/// keeps every thread's own order, and each event says where it was recorded. Replays, stress
/// invariants and traces all read the app's history from it.
@Suite("Event recording", .timeLimit(.minutes(5)))
struct EventRecordingTests {
  /// The messages of the log events, in the log's order.
  static func messages(_ events: [PlatformEvent]) -> [String] {
    events.compactMap {
      if case .log(_, _, let message) = $0.kind { message } else { nil }
    }
  }

  @Test("Events from many threads at once all arrive, numbered in order, each thread's in order")
  func concurrentRecording() throws {
    let platform = try SimulatedPlatform()
    let logger = platform.logger(category: "Test")
    let threads = 8
    let perThread = 200

    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for step in 0..<perThread { logger.info("\(thread) \(step)") }
    }

    let events = platform.events.all
    #expect(events.count == threads * perThread)
    #expect(events.map(\.sequence) == Array(0..<events.count))
    let steps = Self.messages(events).map { $0.split(separator: " ").map { Int($0)! } }
    for thread in 0..<threads {
      let own = steps.filter { $0[0] == thread }.map { $0[1] }
      #expect(own == Array(0..<perThread), "thread \(thread)'s events keep its order")
    }
  }

  @Test("Each event names where it was recorded: main queue, a registered queue, elsewhere")
  @MainActor
  func eventsNameTheirContext() async throws {
    let platform = try SimulatedPlatform()
    let logger = platform.logger(category: "Test")
    let queue = DispatchQueue(label: "test.registered")
    ExecutionContext.register(queue, as: "registered queue")

    logger.info("on main")
    queue.sync { logger.info("on the registered queue") }
    await Task.detached { logger.info("in a detached task") }.value

    let contexts = platform.events.all.map(\.context)
    #expect(contexts == [.mainQueue, .queue("registered queue"), .elsewhere])
  }

  @Test("events(since:) and count see exactly what was recorded after a position")
  func eventsSincePosition() throws {
    let platform = try SimulatedPlatform()
    let logger = platform.logger(category: "Test")
    logger.debug("before")
    let mark = platform.events.count
    logger.error("after 1")
    logger.info("after 2")

    #expect(mark == 1)
    #expect(Self.messages(platform.events.events(since: mark)) == ["after 1", "after 2"])
    #expect(platform.events.count == 3)
  }

  @Test("Waiting for an event already recorded returns at once; for one never recorded, no")
  func waitSeesWhatIsThere() throws {
    let platform = try SimulatedPlatform()
    platform.logger(category: "Test").info("here")

    #expect(platform.events.wait(since: 0, timeout: 0) { Self.isLog($0, "here") })
    #expect(!platform.events.wait(since: 1, timeout: 0) { Self.isLog($0, "here") })
  }

  @Test("A thread waiting for an event is woken by one recorded on another thread")
  func waitIsWokenByAnotherThread() async throws {
    let platform = try SimulatedPlatform()
    let logger = platform.logger(category: "Test")

    // The waiter blocks a global-queue thread until the awaited event arrives, whether it starts
    // waiting before the event is recorded or after. Its timeout only guards against a hang (the
    // suite's time limit reports one); the verdict is whether the event was seen.
    let sawIt = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let seen = platform.events.wait(since: 0, timeout: 600) { Self.isLog($0, "wake up") }
        continuation.resume(returning: seen)
      }
      DispatchQueue.global().async {
        logger.info("not yet")
        logger.info("wake up")
      }
    }

    #expect(sawIt)
    #expect(Self.messages(platform.events.all) == ["not yet", "wake up"])
  }

  static func isLog(_ event: PlatformEvent, _ message: String) -> Bool {
    if case .log(_, _, let logged) = event.kind { logged == message } else { false }
  }
}
