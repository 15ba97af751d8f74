// The checks of kata store-06: an image cache actor without the reentrancy bug.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata06

let icon = URL(string: "https://is1.example/icon/1.png")!
let other = URL(string: "https://is1.example/icon/2.png")!

/// The cells of a scenario under the scheduler: each asks the cache in a lane of its own, and
/// what it got is kept for the scenario's verdict. The network answers after a virtual 100 ms.
final class Cells: @unchecked Sendable {
  let story: ExplorationStory
  let transport = SimulatedTransport()
  let cache: ImageCache
  private let answers = LockedValue<[String: Result<Data, any Error>]>([:])

  init(story: ExplorationStory) {
    self.story = story
    transport.route(icon, .image(named: "icon 1"))
    transport.route(other, .image(named: "icon 2"))
    transport.delay(icon, by: .milliseconds(100))
    transport.observe { story.note($0) }
    cache = ImageCache(transport: transport)
  }

  /// The cell `lane` asks for `url` now.
  func ask(_ lane: String, for url: URL = icon) -> Task<Void, Never> {
    Task { await story.inLane(lane) { await ask(url) } }
  }

  /// The cell `lane` asks for `url` later: in the default order once all else is done, and at any
  /// point of the run one deviation away.
  func askLater(_ lane: String, after delay: Duration, for url: URL = icon) -> Task<Void, Never> {
    story.later(lane, after: delay) { await self.ask(url) }
  }

  private func ask(_ url: URL) async {
    story.note("image(for: \(url.lastPathComponent))")
    let result: Result<Data, any Error>
    do {
      let image = try await cache.image(for: url)
      story.note("got \(FakeImage.name(in: image) ?? "other bytes")")
      result = .success(image)
    } catch {
      story.note("threw \(error)")
      result = .failure(error)
    }
    answers.withLock { $0[ExplorationStory.currentLane] = result }
  }

  /// What the cell `lane` was given, in words; nil if it never got an answer.
  func answer(of lane: String) -> Result<Data, any Error>? {
    answers.withLock { $0[lane] }
  }

  /// A problem unless the cell `lane` got icon 1 (or, when `mayBeCancelled`, a cancellation).
  func expectIcon(in lane: String, mayBeCancelled: Bool = false) -> [String] {
    switch answer(of: lane) {
    case .success(let image) where FakeImage.name(in: image) == "icon 1":
      return []
    case .success(let image):
      return ["the \(lane) cell shows \(FakeImage.name(in: image) ?? "other bytes"), not icon 1"]
    case .failure(let error) where mayBeCancelled && isCancellation(error):
      return []
    case .failure(let error):
      return ["the \(lane) cell shows no icon: image(for:) threw \(error)"]
    case nil:
      return ["the \(lane) cell never got an answer"]
    }
  }
}

func isCancellation(_ error: any Error) -> Bool {
  error is CancellationError || (error as? URLError)?.code == .cancelled
}

let exploration = KataExploration(
  kata: "store-06",
  scenarios: [
    ExplorationScenario(
      "rows-overlap",
      summary: "two rows show the same icon at once; the first row scrolls back into view and "
        + "asks again, at any point",
      steps: [
        "row 1: image(for: 1.png); the network answers after 100 ms",
        "row 2: image(for: 1.png), at the same time",
        "row 1 again: image(for: 1.png) at any point: before, during or after the download",
        "then: every row shows icon 1, and the icon was downloaded once",
      ],
      advice:
        "While image(for:) awaits the download, the actor runs other calls: record the download "
        + "in progress before the first await, and let every call that finds it await the same "
        + "task."
    ) { story in
      let cells = Cells(story: story)
      let tasks = [
        cells.ask("row 1"), cells.ask("row 2"), cells.askLater("row 1 again", after: .seconds(1)),
      ]
      for task in tasks { await task.value }
      await story.settle()
      var problems = ["row 1", "row 2", "row 1 again"].flatMap { cells.expectIcon(in: $0) }
      let downloads = cells.transport.statistics.requests(for: icon)
      if downloads != 1 {
        problems.append("the icon was downloaded \(downloads) times for three rows, expected once")
      }
      return problems
    },
    ExplorationScenario(
      "row-scrolls-away",
      summary: "row 1 asks for an icon and scrolls away (its task is cancelled) at any point, as "
        + "row 2, which shows the same icon, comes into view; row 1 comes back",
      steps: [
        "row 1: image(for: 1.png); the network answers after 100 ms",
        "row 1 scrolls away at any point: its task is cancelled; it may get the icon or a "
          + "cancellation error",
        "row 2: image(for: 1.png) right after the cancellation, never cancelled: it gets icon 1",
        "then row 1 comes back into view: image(for: 1.png) gets icon 1",
      ],
      advice:
        "A download that other callers may be waiting for belongs to none of them: one "
        + "caller's cancellation must not cancel it, nor leave a cancelled download in the cache "
        + "for the next caller to find. If you cancel a download nobody waits for, decide and "
        + "remove its entry in one step, with no await in between."
    ) { story in
      let cells = Cells(story: story)
      let row1 = cells.ask("row 1")
      let row2 = LockedValue<Task<Void, Never>?>(nil)
      let scroll = story.later("scroll", after: .seconds(1)) {
        story.note("row 1 scrolls away: its task is cancelled; row 2 comes into view")
        row1.cancel()
        row2.withLock { $0 = cells.ask("row 2") }
      }
      for task in [row1, scroll] { await task.value }
      await row2.withLock { $0 }?.value
      await story.settle()
      await cells.ask("row 1 comes back").value
      var problems = cells.expectIcon(in: "row 1", mayBeCancelled: true)
      problems += cells.expectIcon(in: "row 2")
      problems += cells.expectIcon(in: "row 1 comes back")
      return problems
    },
    ExplorationScenario(
      "different-urls",
      summary: "two rows show two different icons at once, from a server that answers only "
        + "once nothing else runs",
      steps: [
        "row 1: image(for: 1.png); row 2: image(for: 2.png), at the same time",
        "network: answers neither until every request the rows make at once is made",
        "then both downloads are in flight: a row does not wait for another row's icon",
      ],
      advice:
        "Only calls for the same URL share a download: a call for another URL starts its own "
        + "at once, whatever is in flight."
    ) { story in
      let cells = Cells(story: story)
      cells.transport.holdAll()
      let rows = [cells.ask("row 1"), cells.ask("row 2", for: other)]
      await story.settle()
      let inFlight = cells.transport.statistics.held
      cells.transport.releaseAll()
      for row in rows { await row.value }
      guard inFlight < 2 else { return [] }
      return [
        "with no answer yet, only \(inFlight) of the two different icons was being downloaded: "
          + "row 2 waits for row 1's icon before its own starts"
      ]
    },
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 1"))
  transport.route(other, .image(named: "icon 2"))
  return transport
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

suite.check("overlapping requests for the same URL download once, in any order") {
  exploration.outcome(of: "rows-overlap")
}

suite.check("different URLs still download at the same time") {
  exploration.outcome(of: "different-urls")
}

/// What a server answers without the icon: `CannedResponse.outside2xx`, and two more errors with
/// bodies of other kinds (a JSON error, a retry page). None of them is an image.
let errorAnswers =
  CannedResponse.outside2xx + [
    ("403 with a JSON error", .text(#"{"error":"forbidden"}"#, status: 403)),
    ("503 with an HTML page", .text("<html><body>Try again later</body></html>", status: 503)),
  ]

suite.check("an error status is never shown as an icon") {
  for (answer, response) in errorAnswers {
    let transport = transport()
    transport.route(icon, response)
    let cache = ImageCache(transport: transport)
    if let bytes = try? await cache.image(for: icon) {
      return .fail(
        "the server answered \(answer), and image(for:) returned its \(bytes.count) bytes as "
          + "the icon: check the status before keeping or returning the body")
    }
  }
  return .pass
}

suite.check("a failed download is tried again next time") {
  // A failure of the network, then each answer without the icon: the next call must ask again,
  // since the network comes back and a server that gave no icon (busy, the icon not yet
  // published, a conditional answer) may answer the icon the next time.
  let failures: [(String, (SimulatedTransport) -> Void)] =
    [("the network failed", { $0.fail(icon, with: TransportError.offline) })]
    + errorAnswers.map { answer, response in
      ("the server answered \(answer)", { $0.route(icon, response) })
    }
  for (failure, makeItFail) in failures {
    let transport = transport()
    makeItFail(transport)
    let cache = ImageCache(transport: transport)
    if (try? await cache.image(for: icon)) != nil {
      return .fail("\(failure), but image(for:) returned")
    }
    transport.succeed(icon)
    transport.route(icon, .image(named: "icon 1"))
    do {
      let image = try await cache.image(for: icon)
      if FakeImage.name(in: image) != "icon 1" {
        return .fail("\(failure); the next call got the wrong bytes after a retry")
      }
    } catch {
      return .fail(
        "\(failure) once; the next call threw \(error) without downloading again: do not "
          + "keep a failed download in the cache")
    }
  }
  return .pass
}

suite.check("icons with the same file name at different URLs are kept apart") {
  // App stores serve every app's icon under the same file name, in a folder of its own.
  let maps = URL(string: "https://is1.example/image/maps/512x512bb.png")!
  let mail = URL(string: "https://is1.example/image/mail/512x512bb.png")!
  let transport = transport()
  transport.route(maps, .image(named: "maps icon"))
  transport.route(mail, .image(named: "mail icon"))
  let cache = ImageCache(transport: transport)
  let first = FakeImage.name(in: try await cache.image(for: maps))
  let second = FakeImage.name(in: try await cache.image(for: mail))
  return .expect(
    [first, second], equals: ["maps icon", "mail icon"],
    "asked for maps/512x512bb.png, then mail/512x512bb.png: key the cache by the whole URL, "
      + "not by a part of it")
}

suite.check("a caller cancelled at any point fails no other caller") {
  exploration.outcome(of: "row-scrolls-away")
}

suite.check("ImageCache is still an actor") {
  // The explored checks run one job at a time, so an unsynchronized class passes them; the
  // type says what the program will do on many threads.
  .expect(
    (ImageCache.self as Any.Type) is any Actor.Type,
    "ImageCache is no longer an actor: nothing keeps two threads from changing its entries at "
      + "once. Keep the actor, and record the download in progress before the first await")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["ImageCache.swift"],
    leavesUnfixed: "the data race on the cache's entries: keep ImageCache an actor")
}

await suite.run()
