// The checks of kata store-02: a user page with async let.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata02

let suite = CheckSuite()

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

/// Starts loading the page on a step executor and runs it until nothing more can happen.
func start(_ transport: SimulatedTransport, on executor: StepExecutor) -> Task<UserPage, Error> {
  let task = Task.detached(executorPreference: executor) {
    try await UserPageLoader(transport: transport).loadUserPage(id: "7")
  }
  executor.runUntilIdle()
  return task
}

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
  let transport = transport()
  transport.hold(avatarURL)
  transport.hold(certificatesURL)
  let executor = StepExecutor()
  let task = start(transport, on: executor)
  if transport.statistics.held < 2 {
    // Safety net only: code that runs its loads outside the executor gets a moment to get there;
    // async let children are both held as soon as the executor is idle.
    await transport.waitUntilHeld(2, timeout: .seconds(2))
  }
  let held = transport.statistics.heldURLs
  transport.releaseAll()
  executor.runFreely()
  _ = try await task.value
  return .expect(
    Set(held) == [avatarURL, certificatesURL],
    "with both held at a gate, only \(held.map(\.lastPathComponent)) was in flight: start both "
      + "with async let before awaiting either")
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
  return .pass
}

suite.check("when the avatar fails, the certificates request is cancelled") {
  let transport = transport()
  transport.fail(avatarURL, with: TransportError.offline)
  transport.hold(certificatesURL)
  let executor = StepExecutor()
  let task = start(transport, on: executor)
  // Safety net only, as above: async let children have both asked by now.
  let asked = await transport.waitUntil(timeout: .seconds(2)) {
    $0.requests(for: certificatesURL) == 1
  }
  if !asked {
    // One load after the other: the certificates were never asked for, so nothing to cancel.
    transport.releaseAll()
    executor.runFreely()
    _ = try? await task.value
    return .pass
  }
  executor.runFreely()
  // No waiting for the cancellation itself: a page that leaves its scope with an error has
  // cancelled its async let children and waited for them by then. The timeout is a safety net
  // only, for a page still waiting on the held certificates.
  let ended = EventLog<Bool>()
  let watcher = Task {
    _ = try? await task.value
    ended.append(true)
  }
  let pageEnded = await ended.waitUntil(count: 1, timeout: .seconds(3))
  let cancellations = transport.statistics.cancellations
  transport.releaseAll()
  await watcher.value
  if !pageEnded {
    return .fail(
      "the avatar failed, but the page went on waiting for the certificates: an async let "
        + "child's error reaches you only when you await it")
  }
  return .expect(
    cancellations == 1,
    "the avatar failed and the page failed at once, but the certificates request went on: "
      + "tasks of your own (Task { }) are not cancelled with the page; async let children are")
}

await suite.run()
