// The checks of kata apod-04: thumbnails as an AsyncStream fed by a task group.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata04

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

/// The listener under the scheduler: shows each thumbnail in the lane "listener".
func listen(to source: ThumbnailDataSource, for list: [Picture], story: ExplorationStory)
  -> Task<Void, Never>
{
  Task {
    await story.inLane("listener") {
      for await thumbnail in source.thumbnails(for: list) {
        story.note("shows \(FakeImage.name(in: thumbnail.bytes) ?? "?")")
      }
      story.note("the stream has ended")
    }
  }
}

/// A picture whose download never answers until the scenario is judged, and the video; the
/// user leaves the screen at any point, the listener's first moments included.
func playLeaving(_ story: ExplorationStory) async -> [String] {
  let list = Array(pictures().prefix(2))
  let transport = transport(for: list)
  transport.hold(list[0].url)
  transport.observe { story.note($0) }
  let source = ThumbnailDataSource(transport: transport)
  // Whether the user has left, and the listener: the user's timer is set before the listener
  // starts, so that leaving is one deviation away from any point.
  let screen = LockedValue<(left: Bool, listener: Task<Void, Never>?)>((false, nil))
  let leave = story.later("user") {
    story.note("leaves the screen: the listener's task is cancelled")
    screen.withLock {
      $0.left = true
      return $0.listener
    }?.cancel()
  }
  await Task.yield()
  let listener = listen(to: source, for: list, story: story)
  if screen.withLock({
    $0.listener = listener
    return $0.left
  }) {
    listener.cancel()
  }
  await listener.value
  await leave.value
  await story.settle()
  var problems: [String] = []
  if transport.statistics.held > 0 {
    problems.append(
      "the user left and the stream ended, but the download still waits for an answer nobody "
        + "will see: the producing task was not cancelled")
  }
  // Let whatever still waits end, so that nothing of this run is left behind.
  transport.releaseAll()
  await story.settle()
  return problems
}

/// Three pictures and a video, from a data source that the list makes for the stream alone and
/// lets go at once: when the stream's task starts, nothing else keeps the data source.
func playReleased(_ story: ExplorationStory) async -> [String] {
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  transport.observe { story.note($0) }
  // The scheduler runs one job at a time: the stream's task cannot start before this statement
  // ends, and the data source, which only it names, is released there.
  let stream = ThumbnailDataSource(transport: transport).thumbnails(for: list)
  story.note("the list keeps the stream and lets the data source go")
  let ended = LockedValue(false)
  let listener = Task {
    await story.inLane("listener") {
      for await thumbnail in stream {
        story.note("shows \(FakeImage.name(in: thumbnail.bytes) ?? "?")")
      }
      ended.withLock { $0 = true }
      story.note("the stream has ended")
    }
  }
  await story.settle()
  let shown = story.events.filter { $0.text.hasPrefix("shows ") }.map {
    String($0.text.dropFirst("shows ".count))
  }
  var problems: [String] = []
  if !ended.current {
    problems.append(
      "the data source was let go as its stream was made, and once nothing else could run the "
        + "stream had not ended (shown: \(shown.isEmpty ? "nothing" : shown.sorted().joined(separator: ", "))): "
        + "the list waits for ever")
  } else if shown.sorted() != images.map(\.date) {
    problems.append(
      "the data source was let go as its stream was made, and the stream ended showing "
        + "\(shown.isEmpty ? "nothing" : shown.sorted().joined(separator: ", ")), expected the "
        + "three thumbnails: the list asked for them, and nobody stopped listening")
  }
  // Stop listening, so that nothing of this run is left behind.
  listener.cancel()
  await listener.value
  await story.settle()
  return problems
}

/// One data source, two lists of the same pictures: the list starts, and the widget asks 50 ms
/// later, while the list's downloads (100 ms each) are under way, or at any point.
func playTwoLists(_ story: ExplorationStory) async -> [String] {
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  for image in images { transport.delay(image.url, by: .milliseconds(100)) }
  transport.observe { story.note($0) }
  let source = ThumbnailDataSource(transport: transport)
  let shown = LockedValue<[String: (thumbnails: [String], ended: Bool)]>([:])
  @Sendable func listen() async {
    let lane = ExplorationStory.currentLane
    story.note("for await over thumbnails(for:)")
    for await thumbnail in source.thumbnails(for: list) {
      let name = FakeImage.name(in: thumbnail.bytes) ?? "?"
      story.note("shows \(name)")
      shown.withLock { $0[lane, default: ([], false)].thumbnails.append(name) }
    }
    story.note("the stream has ended")
    shown.withLock { $0[lane, default: ([], false)].ended = true }
  }
  let first = Task { await story.inLane("list") { await listen() } }
  let second = story.later("widget", after: .milliseconds(50)) { await listen() }
  await story.settle()
  var problems: [String] = []
  for lane in ["list", "widget"] {
    let (thumbnails, ended) = shown.current[lane] ?? ([], false)
    let showing = thumbnails.isEmpty ? "nothing" : thumbnails.sorted().joined(separator: ", ")
    if !ended {
      problems.append("the \(lane)'s stream never ended (it showed \(showing))")
    } else if thumbnails.sorted() != images.map(\.date) {
      problems.append(
        "the list and the widget listened at the same time, and the \(lane)'s stream ended "
          + "showing \(showing), expected the three thumbnails: each call of thumbnails(for:) "
          + "is a stream of its own, with every thumbnail")
    }
  }
  // Stop listening, so that nothing of this run is left behind.
  first.cancel()
  second.cancel()
  await first.value
  await second.value
  await story.settle()
  return problems
}

/// Three downloads that answer after 100 ms (virtual) each, in any order; the second fails.
func playFailure(_ story: ExplorationStory) async -> [String] {
  let list = pictures()
  let images = list.filter(\.isImage)
  let transport = transport(for: list)
  for image in images { transport.delay(image.url, by: .milliseconds(100)) }
  transport.fail(images[1].url, with: TransportError.offline)
  transport.observe { story.note($0) }
  let source = ThumbnailDataSource(transport: transport)
  await listen(to: source, for: list, story: story).value
  await story.settle()
  let shown = story.events.filter { $0.text.hasPrefix("shows ") }.map {
    String($0.text.dropFirst("shows ".count))
  }
  let expected = [images[0].date, images[2].date]
  guard Set(shown) == Set(expected), shown.count == 2 else {
    return [
      "the second of three downloads failed, and the list shows \(shown.sorted()), expected "
        + "\(expected): skip a failed download and go on with the others"
    ]
  }
  return []
}

/// A list of videos only, then an empty list: no thumbnail to download, and each stream must
/// end all the same.
func playNoImages(_ story: ExplorationStory) async -> [String] {
  let video = pictures()[1]
  let transport = transport(for: [video])
  transport.observe { story.note($0) }
  let source = ThumbnailDataSource(transport: transport)
  var problems: [String] = []
  for (name, list) in [("a list of videos only", [video]), ("an empty list", [])] {
    let ended = LockedValue(false)
    let listener = Task {
      await story.inLane("listener") {
        story.note("listens to \(name)")
        for await thumbnail in source.thumbnails(for: list) {
          story.note("shows \(FakeImage.name(in: thumbnail.bytes) ?? "?")")
        }
        ended.withLock { $0 = true }
        story.note("the stream has ended")
      }
    }
    await story.settle()
    if !ended.current {
      problems.append(
        "\(name) has no thumbnail to download, and once nothing else could run its stream had "
          + "not ended: the list waits for ever")
    }
    // Stop listening, so that nothing of this list is left behind.
    listener.cancel()
    await listener.value
  }
  return problems
}

let exploration = KataExploration(
  kata: "apod-04",
  scenarios: [
    ExplorationScenario(
      "user-leaves",
      summary: "the list listens to the thumbnail of a picture whose download takes for ever; "
        + "the user leaves the screen at any point",
      steps: [
        "listener: for await over thumbnails(for:) of a picture and a video",
        "the picture's download never answers by itself",
        "user: leaves the screen at any point, as the listener starts or later: the listener's "
          + "task is cancelled, and its stream terminates",
        "then: no download is left waiting: the producing task and its downloads were cancelled",
      ],
      advice:
        "A stream's producer must stop when nobody listens: create the producing task where the "
        + "stream is made, and cancel it in `continuation.onTermination`, set there too, so that "
        + "whenever the stream ends, the task it cancels already exists.",
      play: { await playLeaving($0) }),
    ExplorationScenario(
      "no-images",
      summary: "a list of videos only, then an empty list: nothing to download",
      steps: [
        "listener: for await over thumbnails(for:) of a list that holds only a video",
        "listener: then the same over an empty list",
        "then: each stream ends, with no thumbnail",
      ],
      advice:
        "Finish the stream once the task group has no more results (after its `for await`), "
        + "not when a count of results reaches the number of images: with no image, no "
        + "result ever comes to count.",
      play: { await playNoImages($0) }),
    ExplorationScenario(
      "source-released",
      summary: "the list makes a data source for its stream alone, and lets it go before the "
        + "stream's task has started",
      steps: [
        "list: ThumbnailDataSource(transport:).thumbnails(for:) of three pictures and a video; "
          + "the list keeps the stream, not the data source, which is released at once",
        "listener: for await over the stream; the downloads answer at once",
        "then: the three thumbnails are shown and the stream ends",
      ],
      advice:
        "The stream's task must do its work even when nothing else keeps the data source: "
        + "capture it strongly in the task, which keeps it only until the downloads end (a task "
        + "that ends holds nothing, so there is no cycle). A `[weak self]` task that finds the "
        + "source gone leaves the list with nothing, or waiting for ever if it does not finish "
        + "the stream; an `unowned` one crashes.",
      // The data source is gone before the stream's task starts in every order: one deviation,
      // then seeded runs, is enough (bound 2 is over 2,000 schedules).
      bound: 1,
      play: { await playReleased($0) }),
    ExplorationScenario(
      "two-lists",
      summary: "the list and a widget listen to the thumbnails of the same pictures from one "
        + "data source; the widget asks while the list's downloads are under way",
      steps: [
        "list: for await over thumbnails(for:) of three pictures and a video; each download "
          + "answers after 100 ms",
        "widget: 50 ms later, or at any point, for await over thumbnails(for:) of the same "
          + "pictures, from the same data source",
        "then: each of them shows the three thumbnails, and each stream ends",
      ],
      advice:
        "Each call of thumbnails(for:) makes a stream of its own, with a producing task of its "
        + "own: a call that finds another stream under way must not answer with an empty "
        + "stream, nor with the stream another listener is reading.",
      // The widget's call lands in the list's downloads in the default order; one deviation
      // moves it anywhere, then seeded runs.
      bound: 1,
      play: { await playTwoLists($0) }),
    ExplorationScenario(
      "second-fails",
      summary: "three pictures download in any order, and the second fails",
      steps: [
        "listener: for await over thumbnails(for:) of three pictures and a video",
        "the downloads answer after 100 ms each, in any order; the second fails (offline)",
        "then: the list shows the first and the third, and the stream ends",
      ],
      advice:
        "A failed download is skipped: the task group goes on with the others, and the stream "
        + "finishes once every download has ended.",
      bound: 1, seededRuns: 40,
      play: { await playFailure($0) }),
    ExplorationScenario(
      "all-at-once",
      summary: "the list listens to three pictures and a video, from a server that answers "
        + "only once nothing else runs",
      steps: [
        "listener: for await over thumbnails(for:) of three pictures and a video",
        "network: answers nothing until every download the app starts at once has started",
        "then all three downloads are in flight",
      ],
      advice:
        "Add every download to the task group before awaiting any: the group runs its children "
        + "at the same time.",
      play: { story in
        let list = pictures()
        let transport = transport(for: list)
        transport.holdAll()
        transport.observe { story.note($0) }
        let listener = listen(
          to: ThumbnailDataSource(transport: transport), for: list, story: story)
        await story.settle()
        let inFlight = transport.statistics.held
        transport.releaseAll()
        await listener.value
        guard inFlight < 3 else { return [] }
        return [
          "with no answer yet, only \(inFlight) of the three downloads had started: the list "
            + "waits for one thumbnail before it asks for the next"
        ]
      }),
    ExplorationScenario(
      "first-is-slow",
      summary: "the first picture's download gets no answer; the other two answer after 100 ms",
      steps: [
        "listener: for await over thumbnails(for:) of three pictures and a video",
        "network: the first picture gets no answer; the second and third answer after 100 ms, "
          + "in any order",
        "then, once nothing else can run, the list shows the second and the third: each "
          + "thumbnail comes as soon as it is downloaded",
      ],
      advice:
        "Yield each thumbnail as its download ends: `for await` over the task group hands back "
        + "the downloads in the order they end, not in the order of the list.",
      play: { story in
        let list = pictures()
        let images = list.filter(\.isImage)
        let transport = transport(for: list)
        transport.hold(images[0].url)
        for image in images.dropFirst() { transport.delay(image.url, by: .milliseconds(100)) }
        transport.observe { story.note($0) }
        let listener = listen(
          to: ThumbnailDataSource(transport: transport), for: list, story: story)
        await story.settle()
        let shown = story.events.filter { $0.text.hasPrefix("shows ") }.map {
          String($0.text.dropFirst("shows ".count))
        }
        transport.releaseAll()
        await listener.value
        let expected = images.dropFirst().map(\.date)
        guard Set(shown) != Set(expected) else { return [] }
        let showing = shown.isEmpty ? "nothing" : shown.sorted().joined(separator: ", ")
        return [
          "the second and third pictures were downloaded while the first still waited for its "
            + "answer, and the list shows \(showing): their thumbnails wait behind the first"
        ]
      }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

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

/// An error page as a web server sends it with a 4xx status: a body, but not a picture.
func errorPage(_ status: HTTPStatus) -> CannedResponse {
  .text("<html><body><h1>\(status.code)</h1></body></html>", status: status)
}

/// A picture of `day`, an image at its own URL.
func image(of day: String) -> Picture {
  Picture(
    date: day, title: "Picture of \(day)",
    url: URL(string: "https://apod.example/image/\(day).jpg")!, isImage: true)
}

suite.check("a failed download is skipped and the stream still finishes") {
  // Every way a download fails: offline, a 404 and a 403 with an HTML error page as the body,
  // a 500, and answers outside 2xx that are not errors of the server: a 304 Not Modified with
  // an empty body (the answer to a conditional request), a 302 Found with an HTML page (a
  // redirect the client declined). Only the picture that answered 200 has a thumbnail.
  let list =
    pictures() + ["2021-12-18", "2021-12-19", "2021-12-20", "2021-12-21"].map(image(of:))
  let transport = transport(for: list)
  transport.fail(list[0].url, with: TransportError.offline)
  transport.route(list[2].url, errorPage(.notFound))
  transport.route(list[4].url, errorPage(403))
  transport.route(list[5].url, CannedResponse(status: .serverError, body: Data()))
  transport.route(list[6].url, CannedResponse(status: 304, body: Data()))
  transport.route(list[7].url, .text("<html><body>Found</body></html>", status: 302))
  let source = ThumbnailDataSource(transport: transport)
  let log = EventLog<String>()
  await listen(to: source.thumbnails(for: list), log: log).value
  return .expect(
    log.elements, equals: ["2021-12-17", "finished"],
    "of seven pictures, one failed (offline), one answered 404 and one 403 (each with an HTML "
      + "error page), one 500, one 304 (an empty body) and one 302 (an HTML page): only the one "
      + "that answered 200 has a thumbnail (no other answer carries a picture), then the stream "
      + "ends")
}

suite.check("a thumbnail that failed is asked for again by the next list") {
  // One data source, two lists: in the first, the first picture fails (offline) and the third
  // answers 404; then the server sends them. A failure is not an answer to keep.
  let list = pictures()
  let transport = transport(for: list)
  transport.fail(list[0].url, with: TransportError.offline)
  transport.route(list[2].url, errorPage(.notFound))
  let source = ThumbnailDataSource(transport: transport)
  await listen(to: source.thumbnails(for: list), log: EventLog<String>()).value
  transport.succeed(list[0].url)
  transport.route(list[2].url, .image(named: list[2].date))
  let log = EventLog<String>()
  await listen(to: source.thumbnails(for: list), log: log).value
  return .expect(
    log.elements.dropLast().sorted() + log.elements.suffix(1),
    equals: ["2021-12-15", "2021-12-16", "2021-12-17", "finished"],
    "the first picture failed (offline) and the third answered 404 in a first list, then the "
      + "server sent them: the second list must show all three thumbnails, then end")
}

suite.check("a list with no images, or an empty one, finishes at once") {
  exploration.outcome(of: "no-images")
}

suite.check("a data source let go as its stream starts still delivers every thumbnail") {
  exploration.outcome(of: "source-released")
}

suite.check("two lists listening at the same time each get every thumbnail") {
  exploration.outcome(of: "two-lists")
}

suite.check("a failure in the middle of the batch does not end the stream early, in any order") {
  exploration.outcome(of: "second-fails")
}

suite.check("all downloads are in flight at once") {
  exploration.outcome(of: "all-at-once")
}

suite.check("each thumbnail arrives as soon as it is downloaded") {
  exploration.outcome(of: "first-is-slow")
}

suite.check("when the listener stops at any point, the remaining downloads are cancelled") {
  exploration.outcome(of: "user-leaves")
}

await suite.run()
