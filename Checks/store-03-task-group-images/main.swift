// The checks of kata store-03: from DispatchGroup to a task group, in input order.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata03

let iconURLs = (1...4).map { URL(string: "https://is1.example/icon/\($0).png")! }
let inOrder = (1...4).map { "icon \($0)" }

/// The icons' names, as the page shows them.
func names(_ icons: [Data]) -> [String] { icons.map { FakeImage.name(in: $0) ?? "?" } }

/// A result page loading its four icons under the scheduler: the page's work in the lane
/// "page", each icon's request in a lane of its own ("icon 2": requested, answers, cancelled).
final class Page: Sendable {
  let story: ExplorationStory
  let network = SimulatedTransport()
  /// The icons the page shows, in its order.
  let urls: [URL]
  private let outcome = LockedValue<Result<[Data], any Error>?>(nil)

  /// A page of `urls`; the icon at `…/icon/N.png` is "icon N".
  init(story: ExplorationStory, urls: [URL] = iconURLs) {
    self.story = story
    self.urls = urls
    for url in Set(urls) {
      network.route(url, .image(named: "icon \(url.deletingPathExtension().lastPathComponent)"))
    }
    // The DispatchGroup of the starter would gather these on a queue the scheduler cannot order.
    network.withholdCompletions()
    network.observe { text in
      // "GET is1.example/icon/2.png answers" is drawn as "answers" in the lane "icon 2".
      let words = text.split(separator: " ", maxSplits: 2).map(String.init)
      let icon = words.count > 1 ? URL(fileURLWithPath: words[1]).deletingPathExtension() : nil
      story.note(
        words.count > 2 ? words[2] : "requested", inLane: "icon \(icon?.lastPathComponent ?? "?")")
    }
  }

  /// Starts loading the icons in the lane "page".
  func startLoading() -> Task<Void, Never> {
    Task {
      await story.inLane("page") {
        story.note("loads \(self.urls.count) icons")
        do {
          let icons = try await IconLoader(transport: network).loadIcons(self.urls)
          story.note("shows \(names(icons).joined(separator: ", "))")
          outcome.withLock { $0 = .success(icons) }
        } catch {
          story.note("shows the error \(error)")
          outcome.withLock { $0 = .failure(error) }
        }
      }
    }
  }

  /// Lets every request still held go on, and waits for the page's load to end, unless its
  /// completion handlers are withheld: then it would never end.
  func finish(_ loading: Task<Void, Never>) async {
    network.releaseAll()
    if network.statistics.loadsStarted == 0 { await loading.value }
  }

  /// What `loadIcons` gave the page, once it has returned or thrown.
  var result: Result<[Data], any Error>? { outcome.current }

  /// The problem when the page is still waiting for `loadIcons` although nothing else can run.
  func stillLoading(_ situation: String) -> [String] {
    guard result == nil else { return [] }
    if network.statistics.loadsStarted > 0 {
      return [
        "loadIcons still calls load(_:completion:), whose handlers this check does not call: "
          + "a DispatchGroup's notify runs on a Dispatch queue the lab's scheduler cannot order, "
          + "so none of its orders could be played. Load each icon with loadIcon(_:), which "
          + "awaits data(for:), in a child of a task group"
      ]
    }
    return [
      "\(situation), but the page is still waiting for loadIcons to return: it shows neither "
        + "icons nor an error"
    ]
  }
}

let orderAdvice =
  "A task group hands its children's results in the order they finish, whatever the order "
  + "they were added in: have each child return its index with its icon, and put each icon "
  + "at its index."

let failureAdvice =
  "Let the failing child's error leave the group's body (`for try await` or `try await "
  + "group.next()` rethrows it): the group then cancels the children still running and waits "
  + "for them before withThrowingTaskGroup rethrows. Tasks of your own, or an error caught "
  + "inside the body, leave the other loads running."

/// A page that lists icon 12 before icon 3, and icon 12 twice (two apps of one developer
/// share it): sorted URLs and distinct ones hide a loader that sorts by URL or finds each
/// icon's place by its URL.
let pageURLs = [12, 3, 12, 7].map { URL(string: "https://is1.example/icon/\($0).png")! }

let exploration = KataExploration(
  kata: "store-03",
  scenarios: [
    ExplorationScenario(
      "completion-orders",
      summary: "the page loads 4 icons; their answers come in any order",
      steps: [
        "page: loads icons 1 to 4",
        "network: icon 4 answers after 100 ms, icon 3 after 200 ms, icon 2 after 300 ms, icon 1 "
          + "after 400 ms; the scheduler may bring any answer first",
        "then the page shows icon 1, icon 2, icon 3, icon 4: the order of the URLs",
      ],
      advice: orderAdvice, bound: 1, seededRuns: 100,
      play: { story in
        let page = Page(story: story)
        for (index, url) in iconURLs.enumerated() {
          page.network.delay(url, by: .milliseconds(100 * (4 - index)))
        }
        _ = page.startLoading()
        await story.settle()
        let waiting = page.stillLoading("every icon has answered")
        guard waiting.isEmpty else { return waiting }
        switch page.result {
        case .success(let icons) where names(icons) == inOrder: return []
        case .success(let icons):
          let order = story.events.filter { $0.text == "answers" }.map(\.lane)
          return [
            "the icons answered in the order \(order.joined(separator: ", ")), and the page "
              + "shows \(names(icons).joined(separator: ", ")), not icon 1 to icon 4 in the "
              + "order of the URLs"
          ]
        case .failure(let error):
          return ["every icon answered, yet loadIcons threw \(error)"]
        case nil: return []
        }
      }),
    ExplorationScenario(
      "page-order",
      summary: "a page lists icons 12, 3, 12 and 7: not sorted, and icon 12 twice; their "
        + "answers come in any order",
      steps: [
        "page: loads icons 12, 3, 12, 7, in this order: two of its apps share icon 12",
        "network: icon 7 answers after 100 ms, icon 3 after 300 ms, each request for icon 12 "
          + "after 200 ms; the scheduler may bring any answer first",
        "then the page shows icon 12, icon 3, icon 12, icon 7: one icon per URL, in the "
          + "page's order",
      ],
      advice:
        "The place of an icon is its index in the list, not its URL: a URL may come twice, and "
        + "a page's order need not be sorted. Have each child return its index with its icon, "
        + "and put each icon at its index.",
      bound: 1, seededRuns: 50,
      play: { story in
        let page = Page(story: story, urls: pageURLs)
        for (number, milliseconds) in [(12, 200), (3, 300), (7, 100)] {
          page.network.delay(
            URL(string: "https://is1.example/icon/\(number).png")!,
            by: .milliseconds(milliseconds))
        }
        _ = page.startLoading()
        await story.settle()
        let waiting = page.stillLoading("every icon has answered")
        guard waiting.isEmpty else { return waiting }
        let expected = ["icon 12", "icon 3", "icon 12", "icon 7"]
        switch page.result {
        case .success(let icons) where names(icons) == expected: return []
        case .success(let icons):
          return [
            "the page lists icon 12, icon 3, icon 12, icon 7, and shows "
              + "\(Wording.count(icons.count, "icon")): \(names(icons).joined(separator: ", "))"
          ]
        case .failure(let error):
          return ["every icon answered, yet loadIcons threw \(error)"]
        case nil: return []
        }
      }),
    ExplorationScenario(
      "loads-at-once",
      summary: "the page loads 4 icons from a server that answers only once nothing else runs",
      steps: [
        "page: loads icons 1 to 4, in any order of the app's jobs",
        "network: answers nothing until every request the page makes at once is made",
        "then all 4 requests are in flight: the page waits for one icon's time, not four",
      ],
      advice:
        "Add every child to the group before awaiting any result: a loop that awaits each "
        + "icon before starting the next loads them one after another.",
      bound: 1,
      play: { story in
        let page = Page(story: story)
        page.network.holdAll()
        let loading = page.startLoading()
        await story.settle()
        let inFlight = page.network.statistics.held
        await page.finish(loading)
        guard inFlight < 4 else { return [] }
        return [
          "with no answer yet, only \(inFlight) of the 4 icons had been requested: the page loads "
            + "them one after another, and waits four times as long as it needs to"
        ]
      }),
    ExplorationScenario(
      "one-icon-fails",
      summary: "icon 4 fails (offline) while icons 1 to 3 are loading from a server that does "
        + "not answer",
      steps: [
        "page: loads icons 1 to 4",
        "network: icon 4 fails after 100 ms: the device is offline; icons 1 to 3 get no answer",
        "then the page shows icon 4's error, and the loads of icons 1 to 3 are cancelled",
      ],
      advice: failureAdvice, bound: 1, seededRuns: 100,
      play: { story in
        let page = Page(story: story)
        for url in iconURLs.dropLast() { page.network.hold(url) }
        page.network.delay(iconURLs[3], by: .milliseconds(100))
        page.network.fail(iconURLs[3], with: TransportError.offline)
        _ = page.startLoading()
        await story.settle()
        var problems = page.stillLoading("icon 4 failed")
        let stillLoading = page.network.statistics.held
        switch page.result {
        case .success(let icons):
          problems.append(
            "icon 4 failed, yet loadIcons returned \(Wording.count(icons.count, "icon")): the "
              + "page shows a broken icon instead of the error")
        case .failure(let error as TransportError) where error == .offline: break
        case .failure(let error):
          problems.append("icon 4 failed with offline, but loadIcons threw \(error)")
        case nil: break
        }
        if page.result != nil, stillLoading > 0 {
          problems.append(
            "loadIcons gave up, but \(Wording.count(stillLoading, "load")) of icons 1 to 3 "
              + "kept running, never cancelled: the page downloads icons it will never show")
        }
        // Nothing is released: what the run draws ends where it was judged.
        return problems
      }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("every icon is loaded") {
  let network = SimulatedTransport()
  for (index, url) in iconURLs.enumerated() {
    network.route(url, .image(named: "icon \(index + 1)"))
  }
  let icons = try await IconLoader(transport: network).loadIcons(iconURLs)
  return .expect(
    Set(names(icons)) == Set(inOrder) && icons.count == 4, "got \(names(icons))")
}

suite.check("all icons load at the same time") {
  exploration.outcome(of: "loads-at-once")
}

suite.check("icons come back in the order of the URLs") {
  exploration.outcome(of: "completion-orders")
}

suite.check("icons come back in the page's order, unsorted URLs and repeats included") {
  exploration.outcome(of: "page-order")
}

suite.check("one failed icon fails the whole load, the others are cancelled") {
  exploration.outcome(of: "one-icon-fails")
}

suite.check("an icon answered with a status outside 2xx fails the load") {
  for (answer, response) in CannedResponse.outside2xx {
    let network = SimulatedTransport()
    for (index, url) in iconURLs.enumerated() {
      network.route(url, .image(named: "icon \(index + 1)"))
    }
    network.route(iconURLs[2], response)
    if let icons = try? await IconLoader(transport: network).loadIcons(iconURLs) {
      return .fail(
        "icon 3 answered \(answer), and loadIcons returned \(names(icons)) (? is a body that "
          + "is not an image): only a 2xx answer carries an icon, so check the status of "
          + "every download")
    }
  }
  return .pass
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["IconLoader.swift"],
    leavesUnfixed: "the data race on the icons that the load callbacks write from other threads")
}

await suite.run()
