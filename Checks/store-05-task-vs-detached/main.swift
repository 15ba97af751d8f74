// The checks of kata store-05: Task or Task.detached, which cache write survives cancellation.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata05

let suite = CheckSuite()
let number = 7

struct Setup {
  let transport = SimulatedTransport()
  let diskCache: DiskCache
  let history: ViewHistory
  let service: ImageService

  init() {
    diskCache = DiskCache(transport: transport)
    history = ViewHistory(transport: transport)
    service = ImageService(transport: transport, diskCache: diskCache, history: history)
    transport.route(ImageService.imageURL(number), .image(named: "nebula"))
    transport.route(ImageService.metadataURL(number), .text("NGC 2070"))
  }

  func request() -> Task<DetailedImage, Error> {
    Task.detached(priority: .userInitiated) {
      try await service.downloadImageAndMetadata(imageNumber: number)
    }
  }
}

suite.check("the image and its metadata are returned, saved and recorded") {
  let setup = Setup()
  let detail = try await setup.request().value
  // The disk write may still be running: it is not part of the request.
  await setup.diskCache.ended.waitUntil(count: 1)
  let saved = await setup.diskCache.saved
  let viewed = await setup.history.viewed
  return .expect(
    FakeImage.name(in: detail.image) == "nebula" && detail.metadata == "NGC 2070"
      && saved.keys.sorted() == [number] && viewed == [number],
    "got \(detail.metadata), saved \(saved.keys.sorted()), viewed \(viewed)")
}

suite.check("the image is saved even if the request is cancelled after downloading it") {
  let setup = Setup()
  let saveURL = DiskCache.url(for: number)
  setup.transport.hold(saveURL)
  let request = setup.request()
  // The image is downloaded and its write has started: now the user leaves the screen.
  await setup.transport.waitUntilHeld(1)
  request.cancel()
  // Released before the request is awaited, for a request that (wrongly) waits for the write;
  // a write cancelled with the request has ended at its gate already.
  setup.transport.release(saveURL)
  _ = try? await request.value
  await setup.diskCache.ended.waitUntil(count: 1)
  let saved = await setup.diskCache.saved
  return .expect(
    saved[number] != nil,
    "the request was cancelled while the image was being written, and the write was cancelled "
      + "with it: the write is not part of the request, give it a task of its own")
}

suite.check("the image is saved even if the request is cancelled during the metadata download") {
  let setup = Setup()
  let metadataURL = ImageService.metadataURL(number)
  setup.transport.hold(metadataURL)
  let request = setup.request()
  // The image is downloaded, the metadata is on its way: now the user leaves the screen.
  await setup.transport.waitUntil { $0.requests(for: metadataURL) == 1 && $0.held == 1 }
  request.cancel()
  _ = try? await request.value
  setup.transport.releaseAll()
  // Safety net only: a right answer started the write before the metadata download.
  let ended = await setup.diskCache.ended.waitUntil(count: 1, timeout: .seconds(3))
  let saved = await setup.diskCache.saved
  return .expect(
    ended && saved[number] != nil,
    "the request was cancelled while the metadata downloaded, and the image, downloaded "
      + "before, was never saved: start its write as soon as the image is there, not at the end")
}

suite.check("the request does not wait for the disk write") {
  let setup = Setup()
  let saveURL = DiskCache.url(for: number)
  let metadataURL = ImageService.metadataURL(number)
  setup.transport.hold(saveURL)
  let request = setup.request()
  // Safety net only: a right answer asks for the metadata while the write is held.
  let metadataAsked = await setup.transport.waitUntil(timeout: .seconds(3)) {
    $0.requests(for: metadataURL) == 1
  }
  setup.transport.release(saveURL)
  _ = try? await request.value
  await setup.diskCache.ended.waitUntil(count: 1)
  return .expect(
    metadataAsked,
    "while the disk write was held, the request did not go on to the metadata: it awaited the "
      + "write. The write is not part of the request: start it and move on")
}

suite.check("a cancelled request records no view in the history") {
  let setup = Setup()
  let historyURL = ViewHistory.url(for: number)
  setup.transport.hold(historyURL)
  let request = setup.request()
  await setup.transport.waitUntil { $0.requests(for: historyURL) == 1 && $0.held == 1 }
  request.cancel()
  _ = try? await request.value
  setup.transport.releaseAll()
  await setup.history.ended.waitUntil(count: 1)
  let viewed = await setup.history.viewed
  return .expect(
    viewed.isEmpty,
    "the request was cancelled while the view was being recorded, and it was recorded anyway: "
      + "this write belongs to the request, await it there")
}

suite.check("the disk write runs at background priority") {
  let setup = Setup()
  _ = try await setup.request().value
  await setup.diskCache.ended.waitUntil(count: 1)
  let priorities = await setup.diskCache.priorities
  return .expect(
    priorities == [.background],
    "the request runs at userInitiated priority; the disk write ran at \(priorities): a task "
      + "started with Task { } inherits its creator's priority")
}

await suite.run()
