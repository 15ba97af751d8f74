// The checks of kata store-06: an image cache actor without the reentrancy bug.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata06

let suite = CheckSuite()
let icon = URL(string: "https://is1.example/icon/1.png")!
let other = URL(string: "https://is1.example/icon/2.png")!

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 1"))
  transport.route(other, .image(named: "icon 2"))
  return transport
}

/// Asks `cache` for `url` in a task on `executor`.
func ask(_ cache: ImageCache, for url: URL, on executor: StepExecutor) -> Task<Data, Error> {
  Task.detached(executorPreference: executor) { try await cache.image(for: url) }
}

suite.check("a cached image is not downloaded again") {
  let transport = transport()
  let cache = ImageCache(transport: transport)
  let first = try await cache.image(for: icon)
  let second = try await cache.image(for: icon)
  return .expect(
    FakeImage.name(in: first) == "icon 1" && second == first
      && transport.statistics.requests(for: icon) == 1,
    "asking twice, one after the other, made \(transport.statistics.requests(for: icon)) "
      + "requests")
}

suite.check("two overlapping requests for the same URL download once") {
  let transport = transport()
  transport.hold(icon)
  let cache = ImageCache(transport: transport)
  let executor = StepExecutor()
  // The first request starts its download and is held at the gate; the second comes in while
  // the first is suspended. Running the step executor until idle lets each go as far as it can.
  let first = ask(cache, for: icon, on: executor)
  executor.runUntilIdle()
  await transport.waitUntilHeld(1)
  let second = ask(cache, for: icon, on: executor)
  executor.runUntilIdle()
  let downloads = transport.statistics.requests(for: icon)
  transport.release(icon)
  executor.runFreely()
  let images = [try await first.value, try await second.value]
  if images.contains(where: { FakeImage.name(in: $0) != "icon 1" }) {
    return .fail("a caller got the wrong bytes")
  }
  return .expect(
    downloads == 1 && transport.statistics.requests(for: icon) == 1,
    "the second request arrived while the first download was held, and the transport saw "
      + "\(downloads) downloads: while `image(for:)` awaits, the actor runs other calls; keep "
      + "the download in progress in the cache and let them await it")
}

suite.check("different URLs still download at the same time") {
  let transport = transport()
  transport.holdAll()
  let cache = ImageCache(transport: transport)
  let executor = StepExecutor()
  let tasks = [ask(cache, for: icon, on: executor), ask(cache, for: other, on: executor)]
  executor.runUntilIdle()
  // Safety net only: both downloads are held at once right away in a right answer.
  await transport.waitUntilHeld(2, timeout: .seconds(5))
  let held = transport.statistics.held
  transport.releaseAll()
  executor.runFreely()
  for task in tasks { _ = try await task.value }
  return .expect(held == 2, "only \(held) of two different downloads were in flight at once")
}

suite.check("a failed download is tried again next time") {
  let transport = transport()
  transport.fail(icon, with: TransportError.offline)
  let cache = ImageCache(transport: transport)
  do {
    _ = try await cache.image(for: icon)
    return .fail("the download failed but image(for:) returned")
  } catch {}
  transport.succeed(icon)
  do {
    let image = try await cache.image(for: icon)
    return .expect(FakeImage.name(in: image) == "icon 1", "got the wrong bytes after a retry")
  } catch {
    return .fail(
      "after one failure, the next call threw \(error) without downloading again: do not keep "
        + "a failed download in the cache")
  }
}

suite.check("one caller's cancellation does not fail the others") {
  let transport = transport()
  transport.hold(icon)
  let cache = ImageCache(transport: transport)
  let executor = StepExecutor()
  let first = ask(cache, for: icon, on: executor)
  executor.runUntilIdle()
  await transport.waitUntilHeld(1)
  let second = ask(cache, for: icon, on: executor)
  executor.runUntilIdle()
  // The first caller leaves (its cell scrolled away); the second still wants the icon.
  first.cancel()
  executor.runUntilIdle()
  transport.release(icon)
  executor.runFreely()
  _ = try? await first.value
  do {
    let image = try await second.value
    return .expect(
      FakeImage.name(in: image) == "icon 1",
      "the second caller got \(FakeImage.name(in: image) ?? "other bytes"), expected icon 1")
  } catch {
    return .fail(
      "two callers shared one download; the first was cancelled, and the second got \(error): "
        + "a download others are waiting for belongs to none of them, so one caller's "
        + "cancellation must not cancel it")
  }
}

suite.check("ImageCache is still an actor") {
  // The step-by-step checks run one job at a time, so an unsynchronized class passes them; the
  // type says what the program will do on many threads.
  .expect(
    (ImageCache.self as Any.Type) is any Actor.Type,
    "ImageCache is no longer an actor: nothing keeps two threads from changing its entries at "
      + "once. Keep the actor, and record the download in progress before the first await")
}

suite.check("many callers on many threads download each URL once") {
  guard (ImageCache.self as Any.Type) is any Actor.Type else {
    // An unsynchronized class can crash here, and a crash hides every verdict after it.
    return .fail("not run: ImageCache is not an actor (see above)")
  }
  // Real concurrency this time, not a step executor: the callers run on Swift's global
  // executor, many threads at once.
  let transport = SimulatedTransport()
  let urls = (1...5).map { URL(string: "https://is1.example/icon/many-\($0).png")! }
  for (index, url) in urls.enumerated() { transport.route(url, .image(named: "many \(index)")) }
  let cache = ImageCache(transport: transport)
  try await withThrowingTaskGroup(of: Void.self) { group in
    for round in 0..<200 {
      let url = urls[round % urls.count]
      group.addTask { _ = try await cache.image(for: url) }
    }
    try await group.waitForAll()
  }
  let counts = urls.map { transport.statistics.requests(for: $0) }
  return .expect(
    counts == [1, 1, 1, 1, 1],
    "200 callers on many threads asked for five icons; the transport downloaded them "
      + "\(counts) times, expected once each")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["ImageCache.swift"],
    leavesUnfixed: "the data race on the cache's entries: keep ImageCache an actor")
}

await suite.run()
