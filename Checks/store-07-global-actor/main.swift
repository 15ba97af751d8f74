// The checks of kata store-07: a global actor for the image pipeline.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata07

let icon = URL(string: "https://is1.example/icon/9.png")!

// MARK: Explored

let icon1 = URL(string: "https://is1.example/icon/1.png")!
let icon2 = URL(string: "https://is1.example/icon/2.png")!

/// The name a report gives the icon at `url`.
func name(of url: URL) -> String { "icon \(url.deletingPathExtension().lastPathComponent)" }

/// The thumbnail a row should show for `url`.
func expectedThumbnail(for url: URL) -> Data {
  Data("thumb:".utf8) + FakeImage.bytes(named: name(of: url))
}

/// What a thumbnail shows, in words.
func describe(thumbnail: Data) -> String {
  let prefix = Data("thumb:".utf8)
  guard thumbnail.starts(with: prefix),
    let image = FakeImage.name(in: Data(thumbnail.dropFirst(prefix.count)))
  else { return "other bytes" }
  return "the thumbnail of \(image)"
}

/// A list of icon rows under the scheduler: each row is a cell on the main actor that asks the
/// renderer for its icon in a lane of its own; the network answers after a virtual 100 ms; every
/// drawing is noted with where it ran.
final class Rows: @unchecked Sendable {
  struct Drawn {
    let url: URL?
    let onMainActor: Bool?
  }

  let story: ExplorationStory
  let transport = SimulatedTransport()
  let cache: ThumbnailCache
  let renderer: IconRenderer
  private let drawings = LockedValue<[Drawn]>([])
  /// The icon each row asked for.
  private let asked = LockedValue<[String: URL]>([:])
  private let answers = LockedValue<[String: Result<Data, any Error>]>([:])

  init(story: ExplorationStory) async {
    self.story = story
    for url in [icon1, icon2] {
      transport.route(url, .image(named: name(of: url)))
      transport.delay(url, by: .milliseconds(100))
    }
    transport.observe { story.note($0, inLane: "network") }
    let drawings = drawings
    Drawing.observe { image, onMainActor in
      let url = [icon1, icon2].first { FakeImage.bytes(named: name(of: $0)) == image }
      drawings.withLock { $0.append(Drawn(url: url, onMainActor: onMainActor)) }
      let place = onMainActor == true ? "on the main actor" : "off the main actor"
      story.note("draws \(url.map(name(of:)) ?? "other bytes"), \(place)", inLane: "drawing")
    }
    cache = await ThumbnailCache()
    renderer = await IconRenderer(transport: transport, cache: cache)
  }

  var drawn: [Drawn] { drawings.current }

  /// The row `lane` asks for `url` now, from the main actor.
  func ask(_ lane: String, for url: URL) -> Task<Void, Never> {
    Task { @MainActor in await self.ask(lane, url) }
  }

  /// The row `lane` asks for `url` later: in the default order once all else is done, and at any
  /// point of the run one deviation away.
  func askLater(_ lane: String, for url: URL) -> Task<Void, Never> {
    story.later(lane, after: .seconds(1)) { @MainActor in await self.ask(lane, url) }
  }

  /// Asks on the caller's actor: a row asks from the main actor.
  private func ask(
    _ lane: String, _ url: URL, isolation: isolated (any Actor)? = #isolation
  ) async {
    await story.inLane(lane) {
      asked.withLock { $0[lane] = url }
      story.note("thumbnail(for: \(url.lastPathComponent))")
      let result: Result<Data, any Error>
      do {
        let thumbnail = try await renderer.thumbnail(for: url)
        story.note("gets \(describe(thumbnail: thumbnail))")
        result = .success(thumbnail)
      } catch {
        story.note("throws \(error)")
        result = .failure(error)
      }
      answers.withLock { $0[lane] = result }
    }
  }

  /// Drawings made on the main actor.
  func drawnOnMainActor() -> [String] {
    let onMain = drawn.filter { $0.onMainActor == true }
    guard !onMain.isEmpty else { return [] }
    let icons = onMain.map { $0.url.map(name(of:)) ?? "other bytes" }
    return [
      "\(icons.joined(separator: " and ")) drawn on the main actor: the rows' cells wait behind "
        + "the drawing, which is the pipeline's work, not the UI's"
    ]
  }

  /// What every run must hold: each row shows its own icon, the cache holds every icon drawn, and
  /// the renderer counted every drawing.
  func consistency() async -> [String] {
    var problems: [String] = []
    for (lane, url) in asked.current.sorted(by: { $0.key < $1.key }) {
      switch answers.current[lane] {
      case .success(let thumbnail) where thumbnail == expectedThumbnail(for: url):
        break
      case .success(let thumbnail):
        problems.append(
          "\(lane) asked for \(name(of: url)) and shows \(describe(thumbnail: thumbnail))")
      case .failure(let error):
        problems.append("\(lane) shows no icon: thumbnail(for:) threw \(error)")
      case nil:
        problems.append("\(lane) never got an answer")
      }
    }
    let drawnURLs = Set(drawn.compactMap(\.url))
    for url in [icon1, icon2] where drawnURLs.contains(url) {
      let cached = await cache.thumbnail(for: url)
      if cached != expectedThumbnail(for: url) {
        problems.append(
          "\(name(of: url)) was drawn, but the cache holds "
            + (cached.map { describe(thumbnail: $0) } ?? "nothing") + " for it")
      }
    }
    let renders = await renderer.renderCount
    if renders != drawn.count {
      problems.append(
        "\(Wording.count(drawn.count, "thumbnail")) drawn, but renderCount is \(renders)")
    }
    return problems
  }
}

let exploration = KataExploration(
  kata: "store-07",
  scenarios: [
    ExplorationScenario(
      "rows-overlap",
      summary: "two rows ask for two icons at once from the main actor; a third asks for the "
        + "first icon again, at any point",
      steps: [
        "row 1: thumbnail(for: 1.png); row 2: thumbnail(for: 2.png), at once, each from the main "
          + "actor; the network answers after 100 ms",
        "row 3: thumbnail(for: 1.png) at any point: before, during or after row 1's download (an "
          + "overlapping call may download and draw the icon again: that is store-06's lesson)",
        "then: every drawing ran off the main actor, every row shows its own icon, the cache "
          + "holds every icon drawn, and renderCount counts every drawing",
      ],
      advice:
        "Put the cache and the renderer on the global actor (ImagePipeline), not on the main "
        + "actor: a row's call leaves the main actor at its await, and the renderer draws on the "
        + "pipeline's actor. Draw right there, with no hop back to the main actor.",
      bound: 1, seededRuns: 50
    ) { story in
      let rows = await Rows(story: story)
      let tasks = [
        rows.ask("row 1", for: icon1), rows.ask("row 2", for: icon2),
        rows.askLater("row 3", for: icon1),
      ]
      for task in tasks { await task.value }
      await story.settle()
      return rows.drawnOnMainActor() + (await rows.consistency())
    }
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

/// The actor a function value is isolated to: the compiler records it in `@isolated(any)`
/// function values, so no code has to run to find out.
func isolation<A, R>(of function: @escaping @isolated(any) (A) async throws -> R) -> (any Actor)? {
  function.isolation
}

func describe(_ actor: (any Actor)?) -> String {
  guard let actor else { return "no actor (nonisolated)" }
  if actor === MainActor.shared { return "the main actor" }
  if actor === ImagePipeline.shared { return "ImagePipeline" }
  return "\(type(of: actor))"
}

// The types are built with `await`: their initializers are isolated to the pipeline in a right
// answer (the compiler warns about the `await` while they are not).

suite.check("ImagePipeline is a global actor") {
  .expect(
    (ImagePipeline.self as Any.Type) is any GlobalActor.Type,
    "ImagePipeline is a plain actor: mark it @globalActor (it already has its `shared` instance)")
}

suite.check("the thumbnail cache is isolated to ImagePipeline") {
  let cache = await ThumbnailCache()
  let reading = isolation(of: cache.thumbnail(for:))
  return .expect(
    reading === ImagePipeline.shared,
    "ThumbnailCache.thumbnail(for:) is isolated to \(describe(reading)), expected ImagePipeline: "
      + "mark the class @ImagePipeline")
}

suite.check("the renderer is isolated to ImagePipeline") {
  let renderer = await IconRenderer(transport: SimulatedTransport(), cache: await ThumbnailCache())
  let rendering = isolation(of: renderer.thumbnail(for:))
  return .expect(
    rendering === ImagePipeline.shared,
    "IconRenderer.thumbnail(for:) is isolated to \(describe(rendering)), expected ImagePipeline, "
      + "the same actor as the cache, so that it uses the cache without an await")
}

suite.check("an icon asked for again comes from the cache") {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 9"))
  let renderer = await IconRenderer(transport: transport, cache: await ThumbnailCache())
  let first = try await renderer.thumbnail(for: icon)
  let second = try await renderer.thumbnail(for: icon)
  let renders = await renderer.renderCount
  return .expect(
    first == second && renders == 1 && transport.statistics.requests == 1,
    "two requests for the same icon: \(Wording.count(transport.statistics.requests, "download")), "
      + Wording.count(renders, "render")
  )
}

suite.check("an answer outside 2xx is neither drawn nor kept") {
  for (answer, response) in CannedResponse.outside2xx {
    let transport = SimulatedTransport()
    transport.route(icon, response)
    let renderer = await IconRenderer(transport: transport, cache: await ThumbnailCache())
    if let thumbnail = try? await renderer.thumbnail(for: icon) {
      return .fail(
        "the server answered \(answer), and thumbnail(for:) returned \(thumbnail.count) bytes "
          + "drawn from its body: only a 2xx answer carries the icon, so check the status "
          + "before drawing")
    }
    // The server sends the icon now: the next call must download and draw it.
    transport.route(icon, .image(named: name(of: icon)))
    let next = try? await renderer.thumbnail(for: icon)
    let renders = await renderer.renderCount
    if next != expectedThumbnail(for: icon) || renders != 1 {
      return .fail(
        "the server answered \(answer), then the icon: the next call returned "
          + "\(next.map { describe(thumbnail: $0) } ?? "an error") after "
          + "\(Wording.count(renders, "render")), expected the thumbnail of \(name(of: icon)) "
          + "after 1 render: an answer without the icon is neither drawn nor kept")
    }
  }
  return .pass
}

suite.check("thumbnails are drawn off the main actor, in any order") {
  exploration.outcome(of: "rows-overlap")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["ImagePipeline.swift"],
    leavesUnfixed: "anything: with the classes on the global actor, the compiler checks their "
      + "state itself; drop the locks and @unchecked Sendable and let it")
}

await suite.run()
