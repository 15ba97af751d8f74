// The checks of kata store-05: Task or Task.detached, which cache write survives cancellation.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata05

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
}

/// One request under the scheduler, in the lane "request": every answer, the disk's and the
/// history's included, comes 100 ms (virtual) after its request; with `diskHangs`, the disk
/// write never ends until the scenario is judged.
final class ExploredRequest: @unchecked Sendable {
  let story: ExplorationStory
  let setup = Setup()
  private let outcome = LockedValue<Result<DetailedImage, any Error>?>(nil)

  init(story: ExplorationStory, diskHangs: Bool = false) {
    self.story = story
    let urls = [
      ImageService.imageURL(number), ImageService.metadataURL(number), DiskCache.url(for: number),
      ViewHistory.url(for: number),
    ]
    for url in urls { setup.transport.delay(url, by: .milliseconds(100)) }
    if diskHangs { setup.transport.hold(DiskCache.url(for: number)) }
    setup.transport.observe { story.note($0) }
  }

  /// Starts the request in the lane "request", at `priority` if given.
  func start(priority: TaskPriority? = nil) -> Task<Void, Never> {
    Task(priority: priority) {
      await story.inLane("request") {
        story.note("downloadImageAndMetadata(imageNumber: \(number))")
        do {
          let detail = try await setup.service.downloadImageAndMetadata(imageNumber: number)
          story.note("returned \(detail.metadata)")
          outcome.withLock { $0 = .success(detail) }
        } catch {
          story.note("threw \(error)")
          outcome.withLock { $0 = .failure(error) }
        }
      }
    }
  }

  var result: Result<DetailedImage, any Error>? { outcome.withLock { $0 } }

  /// Whether the history write answered before the request returned.
  var recordedBeforeReturning: Bool {
    let url = ViewHistory.url(for: number)
    let events = story.events.map(\.text)
    guard let recorded = events.firstIndex(of: "GET \(url.host ?? "")\(url.path) answers"),
      let returned = events.firstIndex(where: { $0.hasPrefix("returned ") })
    else { return false }
    return recorded < returned
  }

  /// Whether the image's download answered: from then on the image must reach the disk.
  var imageArrived: Bool {
    let url = ImageService.imageURL(number)
    let answered = "GET \(url.host ?? "")\(url.path) answers"
    return story.events.contains { $0.text == answered }
  }
}

let exploration = KataExploration(
  kata: "store-05",
  scenarios: [
    ExplorationScenario(
      "user-leaves",
      summary: "the user opens picture 7 and leaves the screen at any point: its request is "
        + "cancelled before, during or after any of its downloads and writes",
      steps: [
        "request: downloadImageAndMetadata(imageNumber: 7); every download and write answers "
          + "100 ms after it starts",
        "user: leaves at any point: the request's task is cancelled",
        "then: once the image has downloaded, it is on disk, whenever the user left; a request "
          + "that threw recorded no view; a request that returned recorded one before returning",
      ],
      advice:
        "The disk write is not part of the request: start it in a task of its own "
        + "(Task.detached(priority: .background)) as soon as the image is there, and do not "
        + "await it. The history write is part of the request: await it in the request, after "
        + "everything that can still be cancelled, so that a cancelled request records nothing."
    ) { story in
      let request = ExploredRequest(story: story)
      let task = request.start()
      let leave = story.later("user", after: .seconds(1)) {
        story.note("leaves the screen: the request is cancelled")
        task.cancel()
      }
      await task.value
      await leave.value
      await story.settle()
      let saved = await request.setup.diskCache.saved
      let viewed = await request.setup.history.viewed
      var problems: [String] = []
      if request.imageArrived, saved[number] == nil {
        problems.append(
          "the image was downloaded, but it never reached the disk cache: the next visit "
            + "downloads it again")
      }
      switch request.result {
      case .failure(let error) where !viewed.isEmpty:
        problems.append(
          "the request threw \(error), so the user never saw the picture, yet the history "
            + "records the view")
      case .success where viewed != [number]:
        problems.append("the request returned, but the history records \(viewed), not [7]")
      case .success where !request.recordedBeforeReturning:
        problems.append(
          "the request returned before the history write ended: that write is not part of the "
            + "request, so a user who leaves while it runs cannot cancel it")
      case nil:
        problems.append("the request never ended")
      default: break
      }
      return problems
    },
    ExplorationScenario(
      "disk-never-answers",
      summary: "the disk write of picture 7 never ends while the request runs",
      steps: [
        "request: downloadImageAndMetadata(imageNumber: 7); the disk write hangs",
        "then: the request returns the picture, its metadata and the recorded view anyway",
      ],
      advice:
        "The request must not wait for the disk write: start the write in a task of its own "
        + "and go on to the metadata without awaiting it."
    ) { story in
      let request = ExploredRequest(story: story, diskHangs: true)
      let task = request.start()
      await story.settle()
      var problems: [String] = []
      switch request.result {
      case .success: break
      case .failure(let error): problems.append("the request threw \(error)")
      case nil:
        problems.append(
          "the request is still waiting: with the disk write stuck, the user never sees the "
            + "picture")
      }
      // Let the write end, so that nothing of this run is left waiting.
      request.setup.transport.releaseAll()
      await task.value
      await story.settle()
      return problems
    },
    ExplorationScenario(
      "one-request",
      summary: "the user opens picture 7 and stays",
      steps: [
        "request: downloadImageAndMetadata(imageNumber: 7) at userInitiated priority; every "
          + "download and write answers 100 ms after it starts",
        "then: the request returns the picture and its metadata, the image is on disk, and "
          + "the view is recorded",
      ],
      advice:
        "Download the image, start its disk write in a task of its own, download the metadata, "
        + "record the view, return."
    ) { story in
      let request = ExploredRequest(story: story)
      await request.start(priority: .userInitiated).value
      await story.settle()
      let saved = await request.setup.diskCache.saved
      let viewed = await request.setup.history.viewed
      guard case .success(let detail) = request.result else {
        return ["the request \(request.result.map { "threw \($0)" } ?? "never ended")"]
      }
      guard
        FakeImage.name(in: detail.image) == "nebula" && detail.metadata == "NGC 2070"
          && saved.keys.sorted() == [number] && viewed == [number]
      else {
        return [
          "the request returned \(detail.metadata); once everything settled, the disk holds "
            + "\(saved.keys.sorted()) and the history \(viewed), expected picture 7 in both"
        ]
      }
      return []
    },
    ExplorationScenario(
      "write-priority",
      summary: "the user opens picture 7; the request runs at userInitiated priority",
      steps: [
        "request: downloadImageAndMetadata(imageNumber: 7) at userInitiated priority",
        "then: the disk write ran at background priority",
      ],
      advice:
        "A task started with Task { } inherits its creator's priority; "
        + "Task.detached(priority: .background) runs the write at the priority it names."
    ) { story in
      let request = ExploredRequest(story: story)
      await request.start(priority: .userInitiated).value
      await story.settle()
      let priorities = await request.setup.diskCache.priorities
      guard priorities != [.background] else { return [] }
      return [
        "the request runs at userInitiated priority; the disk write ran at \(priorities), not "
          + "at background priority"
      ]
    },
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("the image and its metadata are returned, saved and recorded") {
  exploration.outcome(of: "one-request")
}

suite.check("an answer outside 2xx fails the request") {
  for (what, url) in [
    ("image", ImageService.imageURL(number)), ("metadata", ImageService.metadataURL(number)),
  ] {
    for (answer, response) in CannedResponse.outside2xx {
      let setup = Setup()
      setup.transport.route(url, response)
      if let detail = try? await setup.service.downloadImageAndMetadata(imageNumber: number) {
        return .fail(
          "the \(what) was answered \(answer), yet the request returned "
            + "\(detail.image.count) bytes of image and the metadata \"\(detail.metadata)\": "
            + "only a 2xx answer carries what was asked for")
      }
    }
  }
  return .pass
}

suite.check("a request cancelled at any point keeps its image and records no view") {
  exploration.outcome(of: "user-leaves")
}

suite.check("the request does not wait for the disk write, in any order") {
  exploration.outcome(of: "disk-never-answers")
}

suite.check("the disk write runs at background priority") {
  exploration.outcome(of: "write-priority")
}

await suite.run()
