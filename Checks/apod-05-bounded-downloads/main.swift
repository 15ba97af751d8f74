// The checks of kata apod-05: at most N downloads in flight.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata05

let urls = (1...6).map { URL(string: "https://apod.example/image/\($0).jpg")! }

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  for (index, url) in urls.enumerated() {
    transport.route(url, .image(named: "picture \(index + 1)"))
  }
  return transport
}

/// A batch under the scheduler: every download answers 100 ms (virtual) after it starts, and
/// the scheduler may take the answers, and the downloader's own jobs, in any order; the third
/// picture fails (offline).
func playBatch(_ story: ExplorationStory, limit: Int) async -> [String] {
  // Four pictures: every order of four downloads within the bound fits the budget.
  let urls = Array(urls.prefix(4))
  let transport = transport()
  for url in urls { transport.delay(url, by: .milliseconds(100)) }
  transport.fail(urls[2], with: TransportError.offline)
  transport.observe { story.note($0) }
  let downloader = BoundedDownloader(transport: transport, limit: limit)
  let images = await story.inLane("downloader") { await downloader.downloadAll(urls) }
  await story.settle()
  var problems: [String] = []
  let maxInFlight = transport.statistics.maxInFlight
  if maxInFlight > limit {
    problems.append(
      "with a limit of \(limit), \(maxInFlight) downloads were in flight at once: the app "
        + "would open more connections than the server allows")
  }
  if let wrong = urls.first(where: { transport.statistics.requests(for: $0) != 1 }) {
    problems.append(
      "\(wrong.lastPathComponent) was requested \(transport.statistics.requests(for: wrong)) "
        + "times, expected once")
  }
  let expected = Set(urls).subtracting([urls[2]])
  if Set(images.keys) != expected {
    problems.append(
      "the downloader returned \(images.keys.map(\.lastPathComponent).sorted()), expected every "
        + "picture but the third, which failed")
  }
  return problems
}

/// Two screens share one downloader, one picture at a time each; both ask for the first
/// picture. The list starts; the detail screen opens 50 ms later, while the list's first
/// download is under way; the user leaves the list 80 ms in, and its batch is cancelled. The
/// scheduler moves each of these anywhere.
func playScreenLeaves(_ story: ExplorationStory) async -> [String] {
  let transport = transport()
  for url in urls.prefix(3) { transport.delay(url, by: .milliseconds(100)) }
  transport.observe { story.note($0) }
  let downloader = BoundedDownloader(transport: transport, limit: 1)
  let detailURLs = [urls[0], urls[2]]
  let detailImages = LockedValue<[URL: Data]?>(nil)
  let list = Task {
    await story.inLane("list") {
      story.note("downloadAll(pictures 1 and 2)")
      let images = await downloader.downloadAll([urls[0], urls[1]])
      story.note("returned \(images.keys.map(\.lastPathComponent).sorted())")
    }
  }
  _ = story.later("detail", after: .milliseconds(50)) {
    story.note("opens: downloadAll(pictures 1 and 3)")
    let images = await downloader.downloadAll(detailURLs)
    story.note("returned \(images.keys.map(\.lastPathComponent).sorted())")
    detailImages.withLock { $0 = images }
  }
  let leave = story.later("user", after: .milliseconds(80)) {
    story.note("leaves the list: its batch is cancelled")
    list.cancel()
  }
  await leave.value
  // Nothing else can run: a batch that has not returned by now never will, so the run is
  // judged here, without waiting for the screens' tasks.
  await story.settle()
  guard let images = detailImages.current else {
    return [
      "the detail screen's batch never returned: it waits for a download that the list's "
        + "cancelled batch never answered"
    ]
  }
  let names = { (keys: [URL]) in keys.map(\.lastPathComponent).sorted() }
  let correct = detailURLs.allSatisfy { url in
    FakeImage.name(in: images[url] ?? Data()) == "picture \(urls.firstIndex(of: url)! + 1)"
  }
  guard Set(images.keys) == Set(detailURLs), correct else {
    return [
      "the list left, and the detail screen's batch returned \(names(Array(images.keys))), "
        + "expected \(names(detailURLs)): the server would have sent them all; a screen that "
        + "leaves must not take another's pictures with it"
    ]
  }
  return []
}

/// A list that names pictures 1 and 2 twice (two days with the same image), at most two at a
/// time: the limit counts downloads, not distinct URLs.
func playRepeated(_ story: ExplorationStory) async -> [String] {
  let repeated = [urls[0], urls[0], urls[1], urls[1]]
  let transport = transport()
  for url in repeated { transport.delay(url, by: .milliseconds(100)) }
  transport.observe { story.note($0) }
  let downloader = BoundedDownloader(transport: transport, limit: 2)
  let images = await story.inLane("downloader") { await downloader.downloadAll(repeated) }
  await story.settle()
  var problems: [String] = []
  let maxInFlight = transport.statistics.maxInFlight
  if maxInFlight > 2 {
    problems.append(
      "a list naming pictures 1 and 2 twice, with a limit of 2, had \(maxInFlight) downloads in "
        + "flight at once: the limit counts downloads, not distinct URLs")
  }
  if Set(images.keys) != [urls[0], urls[1]] {
    problems.append(
      "the downloader returned \(images.keys.map(\.lastPathComponent).sorted()), expected "
        + "[1.jpg, 2.jpg]")
  }
  return problems
}

/// One batch of four, two at a time, every download held (no answer yet); the user leaves the
/// screen at any point and the batch's task is cancelled.
func playBatchCancelled(_ story: ExplorationStory) async -> [String] {
  let batchURLs = Array(urls.prefix(4))
  let transport = transport()
  transport.holdAll()
  transport.observe { story.note($0) }
  let downloader = BoundedDownloader(transport: transport, limit: 2)
  let returned = LockedValue(false)
  let batch = Task {
    await story.inLane("list") {
      _ = await downloader.downloadAll(batchURLs)
      returned.withLock { $0 = true }
    }
  }
  let leave = story.later("user") {
    story.note("leaves the screen: its batch is cancelled")
    batch.cancel()
  }
  await leave.value
  await story.settle()
  let stillInFlight = transport.statistics.inFlight
  let batchReturned = returned.current
  // The held answers come, so that whatever still waits ends.
  transport.releaseAll()
  await batch.value
  var problems: [String] = []
  if stillInFlight > 0 {
    problems.append(
      "the batch was cancelled, and \(stillInFlight == 1 ? "1 download" : "\(stillInFlight) downloads") "
        + "still ran on: "
        + "a download outside the batch's task group does not hear its cancellation")
  }
  if !batchReturned {
    problems.append("the cancelled batch never returned: it waits for downloads nobody wants")
  }
  return problems
}

let exploration = KataExploration(
  kata: "apod-05",
  scenarios: [
    ExplorationScenario(
      "batch-limit-2",
      summary: "four pictures, at most two at a time; the downloads end in any order, and the "
        + "third fails",
      steps: [
        "downloader: downloadAll(four pictures) with a limit of 2; each download answers 100 ms "
          + "after it starts, in any order the scheduler picks",
        "the third picture fails (offline): it frees its slot like any other",
        "then: never more than 2 in flight; each picture asked for once; every picture but the "
          + "third returned",
      ],
      advice:
        "Count slots where no other job can slip in between the test and the change: a slot "
        + "handed to a waiting download must be taken for it in the same step that frees it, "
        + "or the waiter must test again when it resumes. A task group that starts `limit` "
        + "downloads, then one more each time `for await` hands back a result, needs no count "
        + "at all.",
      // Two downloads in flight make the search wide: one deviation, then seeded runs.
      bound: 1, seededRuns: 40,
      play: { await playBatch($0, limit: 2) }),
    ExplorationScenario(
      "batch-limit-1",
      summary: "four pictures, one at a time; the third fails",
      steps: [
        "downloader: downloadAll(four pictures) with a limit of 1",
        "the third picture fails (offline): it frees its slot like any other",
        "then: never more than 1 in flight; each picture asked for once; every picture but the "
          + "third returned",
      ],
      advice:
        "With a limit of 1, a download may start only once the one before it has ended, failed "
        + "or not.",
      seededRuns: 40,
      play: { await playBatch($0, limit: 1) }),
    ExplorationScenario(
      "the-same-picture-twice",
      summary: "a list that names pictures 1 and 2 twice, at most two at a time",
      steps: [
        "downloader: downloadAll(pictures 1, 1, 2, 2) with a limit of 2; each download answers "
          + "100 ms after it starts",
        "then: never more than 2 in flight; pictures 1 and 2 returned",
      ],
      advice:
        "The limit is on downloads in flight, and the same URL twice is two downloads (or one, "
        + "if you download it once): a set of URLs in flight counts it once while two run.",
      bound: 1, seededRuns: 20,
      play: { await playRepeated($0) }),
    ExplorationScenario(
      "batch-cancelled",
      summary: "four pictures, two at a time, no answer yet; the user leaves at any point",
      steps: [
        "list: downloadAll(four pictures) with a limit of 2; every download waits for its answer",
        "user: leaves at any point: the batch's task is cancelled",
        "then, once nothing else can run: no download is still in flight, and the batch has "
          + "returned",
      ],
      advice:
        "Start each download as a child task of the batch's task group (`group.addTask`), and "
        + "await it there: a child task is cancelled with its parent. An unstructured task "
        + "started inside is not: cancelling the batch does not reach it, and it downloads for "
        + "nobody.",
      bound: 1,
      play: { await playBatchCancelled($0) }),
    ExplorationScenario(
      "slow-pictures",
      summary: "six pictures, three at a time; the second and the third get no answer",
      steps: [
        "downloader: downloadAll(six pictures) with a limit of 3; every download answers 100 ms "
          + "after it starts, but the second's and the third's, which do not answer",
        "then, once nothing else can run: all six pictures have been asked for, each slot "
          + "taken again as soon as its download ended, and never more than 3 in flight",
      ],
      advice:
        "Start the next download as soon as any one ends (`for await` over a task group hands "
        + "back each result as it comes), not once a whole batch has ended: one slow download "
        + "must not hold up the free slots.",
      // Three downloads in flight make the search wide: bound 2 is 2,677 schedules, over a
      // second more; one deviation, then seeded runs.
      bound: 1,
      play: { story in
        let transport = transport()
        for url in urls { transport.delay(url, by: .milliseconds(100)) }
        transport.hold(urls[1])
        transport.hold(urls[2])
        transport.observe { story.note($0) }
        let downloader = BoundedDownloader(transport: transport, limit: 3)
        let batch = Task { await story.inLane("downloader") { await downloader.downloadAll(urls) } }
        await story.settle()
        let asked = urls.filter { transport.statistics.requests(for: $0) > 0 }
        let maxInFlight = transport.statistics.maxInFlight
        // The slow answers come, so that the batch ends.
        transport.releaseAll()
        _ = await batch.value
        var problems: [String] = []
        if asked.count < urls.count {
          problems.append(
            "while the second and third pictures got no answer, only "
              + "\(asked.map(\.lastPathComponent)) were asked for: the free slots waited for "
              + "the slow downloads instead of taking the next pictures")
        }
        if maxInFlight > 3 {
          problems.append("with a limit of 3, \(maxInFlight) downloads were in flight at once")
        }
        return problems
      }),
    ExplorationScenario(
      "screen-leaves",
      summary: "the list and the detail screen each download a batch with the same downloader; "
        + "both ask for the first picture, and the user leaves the list at any point",
      steps: [
        "list: downloadAll(pictures 1 and 2) with a limit of 1; each download answers 100 ms "
          + "after it starts",
        "detail: opens 50 ms later, or at any point: downloadAll(pictures 1 and 3) with the "
          + "same downloader",
        "user: leaves the list 80 ms in, or at any point: its batch's task is cancelled",
        "then: the detail screen's batch returns pictures 1 and 3",
      ],
      advice:
        "A cancelled batch is the business of the screen that left, and of nobody else: "
        + "whatever another batch waits for must still come. A task group per batch, which "
        + "shares nothing, needs nothing more; a download shared between batches must go on, "
        + "or be started again, for those still waiting, and always answer them.",
      // Two batches in flight make the search wide: bound 2 passes the 5,000-schedule budget.
      // One deviation puts the user's leaving anywhere, then seeded runs.
      bound: 1,
      play: { await playScreenLeaves($0) }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

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

/// An error page as a web server sends it with a 4xx status: a body, but not a picture.
func errorPage(_ status: HTTPStatus) -> CannedResponse {
  .text("<html><body><h1>\(status.code)</h1></body></html>", status: status)
}

/// Two more pictures whose answers are 3xx, not 2xx: a 304 Not Modified has an empty body (a
/// server's answer to a conditional request), and a 302 Found whose redirect the client
/// declined comes with a small HTML page. Neither body is the picture.
let notModifiedURL = URL(string: "https://apod.example/image/7.jpg")!
let redirectedURL = URL(string: "https://apod.example/image/8.jpg")!

suite.check("a failure in the middle does not stop the downloads") {
  // A limit of 1: one download at a time, so a failed one is the only one in flight. The second
  // fails with an error; the third gets a 404 and the fourth a 403, each with an HTML error
  // page as its body; the fifth a 500; the seventh a 304 with an empty body, the eighth a 302
  // with an HTML page. Every other picture must still come, and no answer but a 2xx may come
  // back as a picture.
  let batch = urls + [notModifiedURL, redirectedURL]
  let transport = transport()
  transport.fail(urls[1], with: TransportError.offline)
  transport.route(urls[2], errorPage(.notFound))
  transport.route(urls[3], errorPage(403))
  transport.route(urls[4], CannedResponse(status: .serverError, body: Data()))
  transport.route(notModifiedURL, CannedResponse(status: 304, body: Data()))
  transport.route(redirectedURL, .text("<html><body>Found</body></html>", status: 302))
  let images = await BoundedDownloader(transport: transport, limit: 1).downloadAll(batch)
  let requested = batch.filter { transport.statistics.requests(for: $0) > 0 }
  let expected = [urls[0], urls[5]]
  return .expect(
    Set(images.keys) == Set(expected) && requested == batch,
    "with a limit of 1, the second picture failing (offline), the third answering 404 and the "
      + "fourth 403 (each with an HTML error page), the fifth 500, the seventh 304 (an empty "
      + "body) and the eighth 302 (an HTML page), the downloader asked for "
      + "\(requested.map(\.lastPathComponent)) and returned "
      + "\(images.keys.map(\.lastPathComponent).sorted()), expected [1.jpg, 6.jpg]: only a 2xx "
      + "answer carries the picture, and a failed download frees its slot like any other")
}

suite.check("a list shorter than the limit, or an empty one, is downloaded whole") {
  // Lists as an app gets them: none at all, and fewer pictures than the limit.
  var problems: [String] = []
  let names = { (keys: [URL]) in keys.map(\.lastPathComponent).sorted() }
  let empty = await BoundedDownloader(transport: transport(), limit: 2).downloadAll([])
  if !empty.isEmpty {
    problems.append("an empty list returned \(names(Array(empty.keys))), expected nothing")
  }
  let short = Array(urls.prefix(2))
  let shortImages = await BoundedDownloader(transport: transport(), limit: 4).downloadAll(short)
  if Set(shortImages.keys) != Set(short) {
    problems.append(
      "two pictures with a limit of 4 returned \(names(Array(shortImages.keys))), expected "
        + "\(names(short))")
  }
  return problems.isEmpty ? .pass : .fail(problems.joined(separator: "\n"))
}

suite.check("a picture that failed is asked for again by the next batch") {
  // One downloader, two batches: in the first, the third picture fails (offline) and the fifth
  // gets a 500; then the server sends them. A downloader may keep pictures it has, but a
  // failure is not one: the second batch must ask for those two again and return them.
  let transport = transport()
  transport.fail(urls[2], with: TransportError.offline)
  transport.route(urls[4], CannedResponse(status: .serverError, body: Data()))
  let downloader = BoundedDownloader(transport: transport, limit: 2)
  _ = await downloader.downloadAll(urls)
  transport.succeed(urls[2])
  transport.route(urls[4], .image(named: "picture 5"))
  let images = await downloader.downloadAll(urls)
  let failedBefore = [urls[2], urls[4]]
  let notAskedAgain = failedBefore.filter { transport.statistics.requests(for: $0) < 2 }
  let returned = urls.filter { url in
    FakeImage.name(in: images[url] ?? Data()) == "picture \(urls.firstIndex(of: url)! + 1)"
  }
  let names = { (urls: [URL]) in urls.map(\.lastPathComponent) }
  return .expect(
    notAskedAgain.isEmpty && returned == urls,
    "the third and fifth pictures failed in a first batch (offline, a 500), then the server "
      + "sent them; the second batch of the same downloader returned \(names(returned))"
      + (notAskedAgain.isEmpty ? "" : " and never asked again for \(names(notAskedAgain))")
      + ", expected all six: a failure is not an answer to keep")
}

suite.check("when one screen leaves, another screen's batch still gets every picture") {
  exploration.outcome(of: "screen-leaves")
}

suite.check("never more than the limit in flight, in any order") {
  try await CheckOutcome.all([
    { exploration.outcome(of: "batch-limit-1") },
    { exploration.outcome(of: "batch-limit-2") },
    { exploration.outcome(of: "the-same-picture-twice") },
  ])
}

suite.check("a cancelled batch leaves no download running") {
  exploration.outcome(of: "batch-cancelled")
}

suite.check("a new download starts as soon as one ends") {
  exploration.outcome(of: "slow-pictures")
}

await suite.run()
