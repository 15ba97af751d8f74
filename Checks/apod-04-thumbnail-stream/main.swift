// The checks of kata apod-04: thumbnails as an AsyncStream fed by a task group.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata04

let suite = CheckSuite()

/// Three pictures and a video, each image with its own URL and bytes.
func pictures() -> [Picture] {
  let days = ["2021-12-15", "2021-12-16", "2021-12-17"]
  var list = days.map { day in
    Picture(
      date: day, title: "Picture of \(day)",
      url: URL(string: "https://apod.example/image/\(day).jpg")!, isImage: true)
  }
  list.insert(
    Picture(
      date: "2021-12-14", title: "A video", url: URL(string: "https://apod.example/video/1")!,
      isImage: false), at: 1)
  return list
}

func transport(for pictures: [Picture]) -> SimulatedTransport {
  let transport = SimulatedTransport()
  for picture in pictures {
    transport.route(picture.url, .image(named: picture.date))
  }
  return transport
}

/// Reads `stream` to its end in a task of its own, logging each thumbnail's day.
func listen(to stream: AsyncStream<Thumbnail>, log: EventLog<String>) -> Task<Void, Never> {
  Task {
    for await thumbnail in stream {
      log.append(FakeImage.name(in: thumbnail.bytes) ?? "?")
    }
    log.append("finished")
  }
}

suite.check("every image is downloaded once and the stream then finishes") {
  let list = pictures()
  let transport = transport(for: list)
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  let listener = listen(to: source.thumbnails(for: list), log: log)
  await listener.value
  let statistics = transport.statistics
  let images = list.filter(\.isImage)
  if statistics.requests(for: list[1].url) > 0 {
    return .fail("the video was downloaded: only pictures with isImage get a thumbnail")
  }
  if let twice = images.first(where: { statistics.requests(for: $0.url) != 1 }) {
    return .fail(
      "\(twice.date) was requested \(statistics.requests(for: twice.url)) times, expected once")
  }
  return .expect(
    Set(log.elements.dropLast()) == Set(images.map(\.date)) && log.elements.last == "finished",
    "expected the three thumbnails then the end of the stream, got \(log.elements)")
}

suite.check("a failed download is skipped and the stream still finishes") {
  let list = pictures()
  let transport = transport(for: list)
  transport.fail(list[0].url, with: TransportError.offline)
  transport.route(list[2].url, CannedResponse(status: .serverError, body: Data()))
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  await listen(to: source.thumbnails(for: list), log: log).value
  return .expect(
    log.elements == ["2021-12-17", "finished"],
    "expected only the picture that downloaded, then the end; got \(log.elements)")
}

suite.check("a failure in the middle of the batch does not end the stream early") {
  // The downloads end one by one: the first succeeds, the second fails, the third succeeds.
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  transport.fail(images[1].url, with: TransportError.offline)
  transport.holdAll()
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  let listener = listen(to: source.thumbnails(for: list), log: log)
  guard await transport.waitUntilHeld(3, timeout: .seconds(3)) else {
    transport.releaseAll()
    await listener.value
    return .fail("the downloads were not all in flight at once")
  }
  transport.release(images[0].url)
  await log.waitUntil(count: 1, timeout: .seconds(3))
  transport.release(images[1].url)
  // The failure has ended its download once the transport counts it.
  await transport.waitUntil(timeout: .seconds(3)) { $0.failures + $0.cancellations >= 1 }
  transport.release(images[2].url)
  await listener.value
  return .expect(
    log.elements == [images[0].date, images[2].date, "finished"],
    "the second of three downloads failed; the stream yielded \(log.elements), expected "
      + "\([images[0].date, images[2].date, "finished"]): skip a failed download and go on "
      + "with the others")
}

suite.check("all downloads are in flight at once") {
  let list = pictures()
  let transport = transport(for: list)
  transport.holdAll()
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  let listener = listen(to: source.thumbnails(for: list), log: log)
  // Safety net only: a right answer has all three held at once right away.
  await transport.waitUntilHeld(3, timeout: .seconds(3))
  let inFlight = transport.statistics.held
  transport.releaseAll()
  await listener.value
  return .expect(
    inFlight == 3 && transport.statistics.maxInFlight == 3,
    "with every download held, only \(inFlight) was in flight: start them all in a task group")
}

suite.check("each thumbnail arrives as soon as it is downloaded") {
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  transport.holdAll()
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  let listener = listen(to: source.thumbnails(for: list), log: log)
  await transport.waitUntilHeld(3, timeout: .seconds(3))
  // Release the downloads in reverse order, waiting each time for its thumbnail.
  var arrivedInTime = true
  for (index, picture) in images.reversed().enumerated() {
    transport.release(picture.url)
    if !(await log.waitUntil(count: index + 1, timeout: .seconds(3))) {
      arrivedInTime = false
      break
    }
  }
  transport.releaseAll()
  await listener.value
  let order = Array(log.elements.prefix(3))
  return .expect(
    arrivedInTime && order == images.reversed().map(\.date),
    "downloads ended in the order \(images.reversed().map(\.date)) but the stream yielded "
      + "\(order): yield each thumbnail when its download ends, from `for await` over the group")
}

suite.check("when the listener stops, the remaining downloads are cancelled") {
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  transport.holdAll()
  let source = ThumbnailDataSource(transport: transport)
  let got = EventLog<String>()
  let listener = Task {
    for await thumbnail in source.thumbnails(for: list) {
      got.append(FakeImage.name(in: thumbnail.bytes) ?? "?")
      break  // Only the first thumbnail is wanted; leaving drops the stream.
    }
  }
  guard await transport.waitUntilHeld(3, timeout: .seconds(3)) else {
    transport.releaseAll()
    await listener.value
    return .fail("the downloads were not all in flight at once, so none was left to cancel")
  }
  transport.release(images[1].url)
  guard await got.waitUntil(count: 1, timeout: .seconds(3)) else {
    transport.releaseAll()
    await listener.value
    return .fail("the thumbnail released first never arrived, so the listener could not leave")
  }
  await listener.value
  // Safety net only: a right answer cancels the two held downloads right away.
  await transport.waitUntil(timeout: .seconds(3)) { $0.cancellations == 2 }
  let statistics = transport.statistics
  transport.releaseAll()
  return .expect(
    statistics.cancellations == 2,
    "the listener left after one thumbnail, but \(statistics.cancellations) of the 2 other "
      + "downloads were cancelled: cancel the producing task in `continuation.onTermination`")
}

await suite.run()
