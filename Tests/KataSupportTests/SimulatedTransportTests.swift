import Foundation
import KataSupport
import Testing

private let first = URL(string: "https://kata.example/first")!
private let second = URL(string: "https://kata.example/second")!
private let third = URL(string: "https://kata.example/third")!

/// Records the order in which things happen, from any task.
@Suite("SimulatedTransport", .timeLimit(.minutes(5)))
struct SimulatedTransportTests {
  @Test("A route answers its status and bytes; a URL without one answers 404")
  func routes() async throws {
    let transport = SimulatedTransport()
    transport.route(first, .text("hello"))
    transport.route(second, CannedResponse(status: .serverError, body: Data("oops".utf8)))
    let (body, status) = try await transport.data(for: first)
    #expect(String(decoding: body, as: UTF8.self) == "hello")
    #expect(status == .ok)
    #expect(try await transport.data(for: second).1 == 500)
    let (missing, missingStatus) = try await transport.data(for: third)
    #expect(missing.isEmpty)
    #expect(missingStatus == .notFound)
    _ = try await transport.data(for: first)
    let statistics = transport.statistics
    #expect(statistics.requests == 4)
    #expect(statistics.requests(for: first) == 2)
    #expect(statistics.requests(for: third) == 1)
    #expect(statistics.responses == 4)
    #expect(statistics.inFlight == 0)
  }

  @Test("A failing route throws its error until it succeeds again")
  func failures() async throws {
    let transport = SimulatedTransport()
    transport.route(first, .text("back"))
    transport.fail(first, with: TransportError.offline)
    await #expect(throws: TransportError.offline) { try await transport.data(for: first) }
    #expect(transport.statistics.failures == 1)
    transport.succeed(first)
    #expect(try await transport.data(for: first).0 == Data("back".utf8))
    #expect(transport.statistics.failures == 1)
    #expect(transport.statistics.responses == 1)
  }

  @Test("A held request waits for its release, and counts as held and in flight meanwhile")
  func gates() async throws {
    let transport = SimulatedTransport()
    transport.route(first, .text("one"))
    transport.hold(first)
    let request = Task { try await transport.data(for: first) }
    await transport.waitUntilHeld(1)
    #expect(transport.statistics.held == 1)
    #expect(transport.statistics.heldURLs == [first])
    #expect(transport.statistics.inFlight == 1)
    #expect(transport.statistics.responses == 0)
    transport.release(first)
    #expect(try await request.value.0 == Data("one".utf8))
    #expect(transport.statistics.held == 0)
    // Released for good: the next request goes straight through.
    _ = try await transport.data(for: first)
    #expect(transport.statistics.responses == 2)
  }

  @Test("Held requests finish in the order they are released")
  func reverseRelease() async throws {
    let transport = SimulatedTransport()
    let log = EventLog<String>()
    transport.holdAll()
    let requests = [first, second, third].map { url in
      Task {
        _ = try await transport.data(for: url)
        log.append(url.lastPathComponent)
      }
    }
    await transport.waitUntilHeld(3)
    #expect(transport.statistics.maxInFlight == 3)
    for (index, url) in [third, second, first].enumerated() {
      transport.release(url)
      await transport.waitUntil { $0.responses == index + 1 }
      await log.waitUntil(count: index + 1)
    }
    for request in requests { try await request.value }
    #expect(log.elements == ["third", "second", "first"])
  }

  @Test("releaseOne lets one held request go and keeps holding the route")
  func releaseOne() async throws {
    let transport = SimulatedTransport()
    transport.hold(first)
    let one = Task { try await transport.data(for: first) }
    let two = Task { try await transport.data(for: first) }
    await transport.waitUntilHeld(2)
    #expect(transport.releaseOne(first))
    await transport.waitUntil { $0.responses == 1 }
    #expect(transport.statistics.held == 1)
    transport.release(first)
    _ = try await one.value
    _ = try await two.value
    #expect(transport.statistics.responses == 2)
    #expect(transport.releaseOne(first) == false)
  }

  @Test("The largest number of requests in flight at once is kept")
  func maxInFlight() async throws {
    let transport = SimulatedTransport()
    transport.holdAll()
    let group = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for url in [first, second] { group.addTask { _ = try await transport.data(for: url) } }
        try await group.waitForAll()
      }
    }
    await transport.waitUntilHeld(2)
    transport.releaseAll()
    try await group.value
    _ = try await transport.data(for: third)
    #expect(transport.statistics.maxInFlight == 2)
    #expect(transport.statistics.inFlight == 0)
  }

  @Test("A held request whose task is cancelled throws CancellationError and is counted")
  func cancellation() async throws {
    let transport = SimulatedTransport()
    transport.hold(first)
    let request = Task { try await transport.data(for: first) }
    await transport.waitUntilHeld(1)
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    let statistics = transport.statistics
    #expect(statistics.cancellations == 1)
    #expect(statistics.held == 0)
    #expect(statistics.inFlight == 0)
    #expect(statistics.responses == 0)
  }

  @Test("A transport that reports cancellation as URLSession does throws URLError(.cancelled)")
  func cancellationAsURLError() async throws {
    let transport = SimulatedTransport(reportsCancellation: .asURLError)
    transport.hold(first)
    let request = Task { try await transport.data(for: first) }
    await transport.waitUntilHeld(1)
    request.cancel()
    let error = await #expect(throws: URLError.self) { try await request.value }
    #expect(error?.code == .cancelled)
    #expect(transport.statistics.cancellations == 1)
    #expect(transport.statistics.failures == 0)
  }

  @Test("A request from an already cancelled task is cancelled and counted")
  func alreadyCancelled() async throws {
    let transport = SimulatedTransport()
    transport.route(first, .text("never"))
    let request = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await transport.data(for: first)
    }
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(transport.statistics.cancellations == 1)
    #expect(transport.statistics.requests == 1)
  }

  @Test("Latency is slept on the injected clock")
  func latency() async throws {
    let clock = ManualClock()
    let transport = SimulatedTransport(clock: clock)
    transport.route(first, .text("late"))
    transport.delay(first, by: .seconds(5))
    let request = Task { try await transport.data(for: first) }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(4))
    #expect(transport.statistics.responses == 0)
    clock.advance(by: .seconds(1))
    #expect(try await request.value.0 == Data("late".utf8))
  }

  @Test("The callback form delivers once per load, bytes or error, and counts deliveries")
  func callbacks() async throws {
    let transport = SimulatedTransport()
    transport.route(first, .image(named: "moon"))
    transport.route(second, CannedResponse(status: .notFound, body: Data()))
    transport.fail(third, with: TransportError.offline)
    let results = LockedValue<[URL: Result<Data, any Error>]>([:])
    for url in [first, second, third] {
      transport.load(url) { result in results.withLock { $0[url] = result } }
    }
    await transport.waitUntil { $0.callbacksDelivered == 3 }
    let delivered = results.current
    #expect(FakeImage.name(in: try #require(try delivered[first]?.get())) == "moon")
    #expect(throws: TransportError.badStatus(.notFound)) { try delivered[second]?.get() }
    #expect(throws: TransportError.offline) { try delivered[third]?.get() }
  }

  @Test("With completions withheld, a load still requests and is answered, but calls back nothing")
  func withheldCompletions() async {
    let transport = SimulatedTransport()
    transport.route(first, .image(named: "first"))
    transport.withholdCompletions()
    let called = EventLog<Bool>()
    transport.load(first) { _ in called.append(true) }
    await transport.waitUntil { $0.responses == 1 }
    #expect(transport.statistics.loadsStarted == 1)
    #expect(transport.statistics.callbacksDelivered == 0)
    #expect(called.count == 0)
  }
}

@Suite("Fixtures")
struct FixtureTests {
  @Test("Fake images carry their name")
  func fakeImages() {
    #expect(FakeImage.name(in: FakeImage.bytes(named: "m31")) == "m31")
    #expect(FakeImage.name(in: Data("GIF89a".utf8)) == nil)
  }

  @Test("Canned APOD JSON uses the API's keys")
  func apodJSON() throws {
    let json = CannedApod.json([CannedApod(date: "2021-12-17", title: "M31")])
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"media_type\":\"image\""))
    #expect(text.contains("\"url\":\"https:\\/\\/apod.example\\/image\\/2021-12-17.jpg\""))
    let decoded = try JSONDecoder().decode([CannedApod].self, from: json)
    #expect(decoded.first?.title == "M31")
  }
}
