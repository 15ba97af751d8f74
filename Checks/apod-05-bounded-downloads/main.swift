// The checks of kata apod-05: at most N downloads in flight.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata05

let suite = CheckSuite()

let urls = (1...6).map { URL(string: "https://apod.example/image/\($0).jpg")! }

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  for (index, url) in urls.enumerated() {
    transport.route(url, .image(named: "picture \(index + 1)"))
  }
  return transport
}

/// Starts `downloadAll` on a step executor, so that `runUntilIdle()` runs it until every
/// download is held or done: no waiting on time.
func start(_ downloader: BoundedDownloader, on executor: StepExecutor) -> Task<[URL: Data], Never> {
  Task.detached(executorPreference: executor) { await downloader.downloadAll(urls) }
}

suite.check("every picture is downloaded once") {
  let transport = transport()
  transport.fail(urls[3], with: TransportError.offline)
  let images = await BoundedDownloader(transport: transport, limit: 2).downloadAll(urls)
  if let twice = urls.first(where: { transport.statistics.requests(for: $0) != 1 }) {
    return .fail(
      "\(twice.lastPathComponent) was requested \(transport.statistics.requests(for: twice)) times")
  }
  let expected = Set(urls).subtracting([urls[3]])
  return .expect(
    Set(images.keys) == expected
      && images.allSatisfy {
        FakeImage.name(in: $0.value) == "picture \(urls.firstIndex(of: $0.key)! + 1)"
      },
    "expected the five pictures that downloaded (the fourth fails), got \(images.keys.map(\.lastPathComponent).sorted())"
  )
}

suite.check("a failure in the middle does not stop the downloads") {
  // A limit of 1: one download at a time, so a failed one is the only one in flight. The third
  // fails with an error, the fourth with a bad status; every other picture must still come.
  let transport = transport()
  transport.fail(urls[2], with: TransportError.offline)
  transport.route(urls[3], CannedResponse(status: .serverError, body: Data()))
  let images = await BoundedDownloader(transport: transport, limit: 1).downloadAll(urls)
  let requested = urls.filter { transport.statistics.requests(for: $0) > 0 }
  let expected = [urls[0], urls[1], urls[4], urls[5]]
  return .expect(
    Set(images.keys) == Set(expected) && requested == urls,
    "with a limit of 1 and the third and fourth pictures failing, the downloader asked for "
      + "\(requested.map(\.lastPathComponent)) and returned "
      + "\(images.keys.map(\.lastPathComponent).sorted()): a failed download frees its slot "
      + "like any other; start the next one and go on")
}

suite.check("never more than the limit in flight") {
  for limit in [1, 2, 3] {
    let transport = transport()
    transport.holdAll()
    let executor = StepExecutor()
    let task = start(BoundedDownloader(transport: transport, limit: limit), on: executor)
    executor.runUntilIdle()
    let held = transport.statistics.held
    // Let them all through, one at a time, running until idle after each.
    while let url = transport.statistics.heldURLs.first {
      transport.releaseOne(url)
      executor.runUntilIdle()
    }
    transport.releaseAll()
    executor.runFreely()
    _ = await task.value
    let maxInFlight = transport.statistics.maxInFlight
    if held > limit || maxInFlight > limit {
      return .fail(
        "with a limit of \(limit), \(max(held, maxInFlight)) downloads were in flight at once")
    }
  }
  return .pass
}

suite.check("a new download starts as soon as one ends") {
  let transport = transport()
  transport.holdAll()
  let executor = StepExecutor()
  let task = start(BoundedDownloader(transport: transport, limit: 3), on: executor)
  executor.runUntilIdle()
  var inFlightAfterEachEnd: [Int] = []
  while let url = transport.statistics.heldURLs.first {
    transport.releaseOne(url)
    executor.runUntilIdle()
    inFlightAfterEachEnd.append(transport.statistics.held)
  }
  transport.releaseAll()
  executor.runFreely()
  _ = await task.value
  // Six pictures, three at a time: three held until only the last three are left.
  let expected = [3, 3, 3, 2, 1, 0]
  return .expect(
    inFlightAfterEachEnd == expected,
    "releasing the held downloads one by one, the number in flight went \(inFlightAfterEachEnd); "
      + "expected \(expected): start the next download when any one ends, not when a batch ends")
}

await suite.run()
