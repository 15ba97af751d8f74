// The checks of kata store-02: a user page with async let.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata02

let avatarURL = URL(string: "https://cdn.example/avatars/7.png")!
let userURL = UserPageLoader.userURL("7")
let certificatesURL = UserPageLoader.certificatesURL("7")

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  transport.route(
    userURL,
    .text("{\"id\": \"7\", \"name\": \"Ada\", \"avatarURL\": \"\(avatarURL.absoluteString)\"}"))
  transport.route(avatarURL, .image(named: "ada"))
  transport.route(certificatesURL, .text("[{\"name\": \"Swift\"}, {\"name\": \"Metal\"}]"))
  return transport
}

/// The lane each request is drawn in: short, so that five lanes fit a report's width.
func lane(of url: URL) -> String {
  switch url {
  case userURL: "profile"
  case avatarURL: "avatar"
  default: "certs"
  }
}

/// What a report calls each request.
func name(of url: URL) -> String {
  switch url {
  case userURL: "user"
  case avatarURL: "avatar"
  default: "certificates"
  }
}

/// The user page loading under the scheduler: the page's work in the lane "page", each request
/// in a lane of its own ("avatar": requested, answers, cancelled), every answer on virtual time;
/// the person using the app in the lane "user".
final class Screen: Sendable {
  let story: ExplorationStory
  let network = transport()
  private let outcome = LockedValue<Result<UserPage, any Error>?>(nil)

  init(story: ExplorationStory) {
    self.story = story
    for url in [userURL, avatarURL, certificatesURL] {
      network.delay(url, by: .milliseconds(100))
    }
    network.observe { text in
      // "GET cdn.example/avatars/7.png answers" is drawn as "answers" in the lane "avatar".
      let words = text.split(separator: " ", maxSplits: 2).map(String.init)
      let url = [userURL, avatarURL, certificatesURL].first {
        words.count > 1 && words[1] == ($0.host ?? "") + $0.path
      }
      story.note(
        words.count > 2 ? words[2] : "requested", inLane: url.map(lane(of:)) ?? "network")
    }
  }

  /// Starts loading the page in the lane "page".
  func open() -> Task<Void, Never> {
    Task {
      await story.inLane("page") {
        story.note("opens user 7")
        do {
          let page = try await UserPageLoader(transport: network).loadUserPage(id: "7")
          story.note("shows \(page.user.name), \(page.certificates.count) certificates")
          outcome.withLock { $0 = .success(page) }
        } catch {
          story.note("shows the error \(error)")
          outcome.withLock { $0 = .failure(error) }
        }
      }
    }
  }

  /// What `loadUserPage` gave the page, once it has returned or thrown.
  var result: Result<UserPage, any Error>? { outcome.current }

  /// The page's problem when it should have failed with `offline`, `failing` having failed.
  func failedWithOffline(after failing: String) -> [String] {
    switch result {
    case nil:
      return [
        "the \(failing) request failed, but the page is still waiting for loadUserPage: it "
          + "shows neither the page nor the error"
      ]
    case .success(let page):
      return [
        "the \(failing) request failed, yet the page shows \(page.user.name) with "
          + "\(Wording.count(page.certificates.count, "certificate"))"
      ]
    case .failure(let error as TransportError) where error == .offline: return []
    case .failure(let error):
      return ["the \(failing) request failed with offline, but loadUserPage threw \(error)"]
    }
  }
}

let structureAdvice =
  "Start the avatar and the certificates with async let once the user is known, and await "
  + "both only where the page is built: async let children are cancelled with the page's task, "
  + "and cancelled and awaited when the function leaves by an error. Tasks of your own "
  + "(Task { }) are neither."

let exploration = KataExploration(
  kata: "store-02",
  scenarios: [
    ExplorationScenario(
      "answers-any-order",
      summary: "the page loads user 7; the avatar and the certificates answer in any order",
      steps: [
        "page: loads user 7; each request answers 100 ms after it is made, and the scheduler "
          + "may bring any answer first",
        "then the page shows Ada, her avatar and her 2 certificates, each requested once",
      ],
      advice: structureAdvice,
      play: { story in
        let screen = Screen(story: story)
        _ = screen.open()
        await story.settle()
        let requests = screen.network.statistics.requests
        switch screen.result {
        case .success(let page)
        where page.user.name == "Ada" && FakeImage.name(in: page.avatar) == "ada"
          && page.certificates.map(\.name) == ["Swift", "Metal"] && requests == 3:
          return []
        case .success(let page):
          return [
            "every request answered, and the page shows \(page.user.name), avatar "
              + "\(FakeImage.name(in: page.avatar) ?? "?"), certificates "
              + "\(page.certificates.map(\.name)), after \(requests) requests (3 expected)"
          ]
        case .failure(let error): return ["every request answered, yet the page failed: \(error)"]
        case nil: return ["every request answered, but the page is still loading"]
        }
      }),
    ExplorationScenario(
      "loads-at-once",
      summary: "the avatar and the certificates come from a server that answers only once "
        + "nothing else runs",
      steps: [
        "page: loads user 7, who answers after 100 ms",
        "network: answers neither the avatar nor the certificates until every request the page "
          + "makes at once is made",
        "then both are in flight: the page waits for the slower of the two, not for both in turn",
      ],
      advice: structureAdvice,
      play: { story in
        let screen = Screen(story: story)
        screen.network.hold(avatarURL)
        screen.network.hold(certificatesURL)
        let loading = screen.open()
        await story.settle()
        let held = screen.network.statistics.heldURLs
        screen.network.releaseAll()
        await loading.value
        guard held.count < 2 else { return [] }
        return [
          "with no answer yet, only \(held.isEmpty ? "nothing" : held.map(name(of:)).joined()) "
            + "had been requested of the avatar and the certificates: the page loads them one "
            + "after the other"
        ]
      }),
    ExplorationScenario(
      "avatar-fails",
      summary: "the avatar fails (offline) while the certificates get no answer",
      steps: [
        "page: loads user 7, who answers after 100 ms",
        "network: the avatar fails 100 ms after its request: the device is offline; the "
          + "certificates get no answer",
        "then the page shows the avatar's error, and the certificates request is cancelled",
      ],
      advice: structureAdvice,
      play: { story in
        let screen = Screen(story: story)
        screen.network.fail(avatarURL, with: TransportError.offline)
        screen.network.hold(certificatesURL)
        _ = screen.open()
        await story.settle()
        var problems = screen.failedWithOffline(after: "avatar")
        if screen.result != nil, screen.network.statistics.held > 0 {
          problems.append(
            "the page failed, but its certificates request is still running, never cancelled: "
              + "the app downloads what it will never show")
        }
        // Nothing is released: what the run draws ends where it was judged.
        return problems
      }),
    ExplorationScenario(
      "certificates-fail",
      summary: "the certificates fail (offline) before or after the avatar answers",
      steps: [
        "page: loads user 7, who answers after 100 ms",
        "network: the certificates fail 100 ms after their request: the device is offline; "
          + "the avatar answers 200 ms after its own; the scheduler may bring either first",
        "then the page shows the certificates' error",
      ],
      advice: structureAdvice,
      play: { story in
        let screen = Screen(story: story)
        screen.network.delay(avatarURL, by: .milliseconds(200))
        screen.network.fail(certificatesURL, with: TransportError.offline)
        _ = screen.open()
        await story.settle()
        return screen.failedWithOffline(after: "certificates")
      }),
    ExplorationScenario(
      "user-leaves",
      summary: "the user leaves the page at any point, while the avatar and the certificates "
        + "get no answer",
      steps: [
        "page: loads user 7, who answers after 100 ms; the avatar and the certificates get no "
          + "answer",
        "user: leaves at any point: the page's task is cancelled",
        "then the page has ended, and no request of it is still running",
      ],
      advice: structureAdvice, bound: 1, seededRuns: 100,
      play: { story in
        let screen = Screen(story: story)
        screen.network.hold(avatarURL)
        screen.network.hold(certificatesURL)
        let loading = screen.open()
        let leave = story.later("user", after: .seconds(1)) {
          story.note("leaves the page")
          loading.cancel()
        }
        await leave.value
        await story.settle()
        let running = screen.network.statistics.heldURLs.map(name(of:))
        guard !running.isEmpty else { return [] }
        return [
          "the user left the page, but its \(running.joined(separator: " and ")) "
            + "request\(running.count == 1 ? " is" : "s are") still running: nobody cancelled "
            + "\(running.count == 1 ? "it" : "them"), and the app waits for what it will never "
            + "show"
        ]
      }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("the page has the user's avatar and certificates") {
  let page = try await UserPageLoader(transport: transport()).loadUserPage(id: "7")
  return .expect(
    page.user.name == "Ada" && FakeImage.name(in: page.avatar) == "ada"
      && page.certificates.map(\.name) == ["Swift", "Metal"],
    "got \(page.user.name), avatar \(FakeImage.name(in: page.avatar) ?? "?"), \(page.certificates)")
}

suite.check("each request is made once") {
  let transport = transport()
  _ = try await UserPageLoader(transport: transport).loadUserPage(id: "7")
  let counts = [userURL, avatarURL, certificatesURL].map {
    "\($0.path): \(transport.statistics.requests(for: $0))"
  }
  return .expect(
    transport.statistics.requests == 3,
    "one page made \(transport.statistics.requests) requests (\(counts.joined(separator: ", "))), "
      + "expected one each: the avatar and the certificates need the user, so load it once, "
      + "first, and start the other two from it")
}

suite.check("the avatar and the certificates load at the same time") {
  exploration.outcome(of: "loads-at-once")
}

suite.check("the page fails when any request fails") {
  for failing in [userURL, avatarURL, certificatesURL] {
    let transport = transport()
    transport.fail(failing, with: TransportError.offline)
    do {
      let page = try await UserPageLoader(transport: transport).loadUserPage(id: "7")
      return .fail(
        "the request for \(failing.path) failed, yet the page loaded with "
          + "\(page.certificates.count) certificates")
    } catch TransportError.offline {
      continue
    } catch {
      return .fail("the request for \(failing.path) failed with offline, the page threw \(error)")
    }
  }
  // A status outside 2xx fails its request too, whatever the body: an empty body is no avatar.
  for failing in [userURL, avatarURL, certificatesURL] {
    for (answer, response) in CannedResponse.outside2xx {
      let transport = transport()
      transport.route(failing, response)
      if let page = try? await UserPageLoader(transport: transport).loadUserPage(id: "7") {
        return .fail(
          "the request for \(failing.path) was answered \(answer), yet the page loaded with "
            + "\(page.avatar.count) bytes of avatar and \(page.certificates.count) certificates: "
            + "only a 2xx answer carries what was asked for")
      }
    }
  }
  return exploration.outcome(of: "certificates-fail")
}

suite.check("when the avatar fails, the certificates request is cancelled") {
  exploration.outcome(of: "avatar-fails")
}

suite.check("the page is the same whichever answer comes first") {
  exploration.outcome(of: "answers-any-order")
}

suite.check("when the user leaves the page, its requests are cancelled") {
  exploration.outcome(of: "user-leaves")
}

await suite.run()
