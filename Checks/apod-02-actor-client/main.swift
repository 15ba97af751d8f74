// The checks of kata apod-02: an actor networking layer with typed errors.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata02

let start = ISO8601DateFormatter().date(from: "2021-12-15T00:00:00Z")!
let end = ISO8601DateFormatter().date(from: "2021-12-17T00:00:00Z")!
let rangeURL = ApodClient.url(from: start, to: end)
let pictures = [
  CannedApod(date: "2021-12-15", title: "M31"),
  CannedApod(
    date: "2021-12-16", title: "A launch", url: "https://video.example/launch",
    mediaType: "video"),
  CannedApod(date: "2021-12-17", title: "Comet Leonard"),
]

/// How a fetch ended: its pictures or its error.
func fetch(_ client: ApodClient, from: Date = start, to: Date = end) async -> Result<
  [ApodPicture], Error
> {
  do {
    return .success(try await client.fetchPictures(from: from, to: to))
  } catch {
    return .failure(error)
  }
}

func expectError(_ expected: ApodNetworkingError, from result: Result<[ApodPicture], Error>)
  -> CheckOutcome
{
  switch result {
  case .success(let pictures):
    return .fail("expected \(expected), but got \(Wording.count(pictures.count, "picture"))")
  case .failure(let error as ApodNetworkingError):
    return .expect(error == expected, "expected ApodNetworkingError.\(expected), got .\(error)")
  case .failure(let error):
    return .fail("expected ApodNetworkingError.\(expected), got \(type(of: error)): \(error)")
  }
}

/// A fetch whose answer never comes, in the lane "list"; the user leaves at any point, from
/// before the fetch starts to while it waits, and its task is cancelled. The transport reports
/// the cancellation as `report` says.
func playCancelled(
  _ story: ExplorationStory, report: SimulatedTransport.CancellationReport
) async -> [String] {
  let transport = SimulatedTransport(reportsCancellation: report)
  transport.route(rangeURL, body: CannedApod.json(pictures))
  transport.hold(rangeURL)
  transport.observe { story.note($0) }
  let client = ApodClient(transport: transport)
  let ending = LockedValue<Result<[ApodPicture], Error>?>(nil)
  let fetching = Task {
    await story.inLane("list") {
      story.note("fetchPictures(2021-12-15 to 2021-12-17)")
      let result = await fetch(client)
      switch result {
      case .success(let found): story.note("returned \(found.count) pictures")
      case .failure(let error): story.note("threw \(error)")
      }
      ending.withLock { $0 = result }
    }
  }
  let leave = story.later("user") {
    story.note("leaves the list: the fetch's task is cancelled")
    fetching.cancel()
  }
  await leave.value
  await story.settle()
  switch ending.current {
  case nil:
    return [
      "the fetch's task was cancelled, but fetchPictures never returned: it still waits for an "
        + "answer that will not come"
    ]
  case .success(let found):
    return ["the fetch's task was cancelled, yet fetchPictures returned \(found.count) pictures"]
  case .failure(let error as ApodNetworkingError) where error == .cancelled:
    return []
  case .failure(let error):
    return [
      "the fetch's task was cancelled (the transport threw "
        + "\(report == .asURLError ? "URLError(.cancelled)" : "CancellationError")), and "
        + "fetchPictures threw \(error), not ApodNetworkingError.cancelled: the list would show "
        + "an error for a fetch nobody waits for"
    ]
  }
}

/// The week in the lane "list", and a second caller 50 ms later, while the week's request is
/// under way (the scheduler moves it anywhere): the widget asks for `widgetRange`, and the user
/// leaves the list 80 ms in when `listLeaves`. Every answer takes 100 ms. Returns the problems.
func playTwoCallers(
  _ story: ExplorationStory, widgetRange: (Date, Date), listLeaves: Bool
) async -> [String] {
  let oneDayURL = ApodClient.url(from: start, to: start)
  let transport = SimulatedTransport()
  transport.route(rangeURL, body: CannedApod.json(pictures))
  transport.route(oneDayURL, body: CannedApod.json([pictures[0]]))
  transport.delay(rangeURL, by: .milliseconds(100))
  transport.delay(oneDayURL, by: .milliseconds(100))
  transport.observe { story.note($0) }
  let client = ApodClient(transport: transport)
  let widgetResult = LockedValue<Result<[ApodPicture], Error>?>(nil)
  let list = Task {
    await story.inLane("list") {
      story.note("fetchPictures(2021-12-15 to 2021-12-17)")
      switch await fetch(client) {
      case .success(let found): story.note("returned \(found.map(\.title))")
      case .failure(let error): story.note("threw \(error)")
      }
    }
  }
  let widgetDays = widgetRange.0 == widgetRange.1 ? "2021-12-15" : "2021-12-15 to 2021-12-17"
  let widget = story.later("widget", after: .milliseconds(50)) {
    story.note("fetchPictures(\(widgetDays))")
    let result = await fetch(client, from: widgetRange.0, to: widgetRange.1)
    switch result {
    case .success(let found): story.note("returned \(found.map(\.title))")
    case .failure(let error): story.note("threw \(error)")
    }
    widgetResult.withLock { $0 = result }
  }
  if listLeaves {
    _ = story.later("user", after: .milliseconds(80)) {
      story.note("leaves the list: its fetch's task is cancelled")
      list.cancel()
    }
  }
  await widget.value
  await list.value
  await story.settle()
  let expected = widgetRange.0 == widgetRange.1 ? ["M31"] : pictures.map(\.title)
  let what =
    listLeaves
    ? "the list and the widget asked for the same week, and the user left the list"
    : "the widget asked for \(widgetDays) while the list's fetch of the week was under way"
  switch widgetResult.current {
  case .success(let found) where found.map(\.title) == expected: return []
  case .success(let found):
    return [
      "\(what); the widget's fetch returned \(found.map(\.title)), expected \(expected): each "
        + "caller gets the answer to its own request, even while another is under way"
    ]
  case .failure(let error):
    return [
      "\(what); the widget's fetch threw \(error), expected \(expected): "
        + (listLeaves
          ? "nobody cancelled the widget's fetch; one caller leaving must not end another's"
          : "nothing failed")
    ]
  case nil: return ["\(what); the widget's fetch never returned"]
  }
}

let cancellationAdvice =
  "A cancelled task is not a failed transport: map CancellationError, and URLError(.cancelled) "
  + "as URLSession reports it, to .cancelled, or ask the task itself (Task.isCancelled)."

let exploration = KataExploration(
  kata: "apod-02",
  scenarios: [
    ExplorationScenario(
      "cancelled",
      summary: "the user leaves the list at any point while its fetch waits for an answer",
      steps: [
        "list: fetchPictures(from: 2021-12-15, to: 2021-12-17); the answer never comes",
        "user: leaves at any point, before the request or while it waits: the task is "
          + "cancelled, and the transport throws CancellationError",
        "then fetchPictures throws ApodNetworkingError.cancelled",
      ],
      advice: cancellationAdvice,
      play: { await playCancelled($0, report: .asCancellationError) }),
    ExplorationScenario(
      "cancelled-urlerror",
      summary: "the same, with a transport that reports cancellation as URLSession does",
      steps: [
        "list: fetchPictures(from: 2021-12-15, to: 2021-12-17); the answer never comes",
        "user: leaves at any point: the task is cancelled, and the transport throws "
          + "URLError(.cancelled)",
        "then fetchPictures throws ApodNetworkingError.cancelled",
      ],
      advice: cancellationAdvice,
      play: { await playCancelled($0, report: .asURLError) }),
    ExplorationScenario(
      "two-ranges-at-once",
      summary: "the list fetches the week; the widget fetches its first day while the list's "
        + "request is under way, or at any point",
      steps: [
        "list: fetchPictures(2021-12-15 to 2021-12-17); every answer takes 100 ms",
        "widget: 50 ms later, or at any point, fetchPictures(2021-12-15) on the same client",
        "then: the widget gets M31, its day's one picture",
      ],
      advice:
        "An actor runs other calls while one awaits: a second caller arrives while the first "
        + "request is under way. Give it its own request (or wait for one of the same range), "
        + "never what an earlier call happened to return.",
      bound: 1,
      play: { await playTwoCallers($0, widgetRange: (start, start), listLeaves: false) }),
    ExplorationScenario(
      "one-caller-leaves",
      summary: "the list and the widget fetch the same week; the user leaves the list at any "
        + "point",
      steps: [
        "list: fetchPictures(2021-12-15 to 2021-12-17); every answer takes 100 ms",
        "widget: 50 ms later, or at any point, the same week on the same client",
        "user: leaves the list 80 ms in, or at any point: its fetch's task is cancelled",
        "then: the widget gets the week's three pictures",
      ],
      advice:
        "A caller's cancellation is that caller's business. A request shared by several "
        + "callers may be cancelled only when none is left waiting for it; a request per "
        + "caller needs nothing more.",
      bound: 1,
      play: { await playTwoCallers($0, widgetRange: (start, end), listLeaves: true) }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("a date range is fetched and decoded") {
  let transport = SimulatedTransport()
  transport.route(rangeURL, body: CannedApod.json(pictures))
  let result = await fetch(ApodClient(transport: transport))
  guard case .success(let found) = result else { return .fail("the fetch failed: \(result)") }
  let expected = [
    "2021-12-15 image M31", "2021-12-16 video A launch", "2021-12-17 image Comet Leonard",
  ]
  let described = found.map { "\($0.date) \($0.mediaType.rawValue) \($0.title)" }
  return .expect(
    described == expected && transport.statistics.requests == 1,
    "expected \(expected) in one request, got \(described) in \(transport.statistics.requests)")
}

suite.check("a one-day range asks for that day and returns its picture") {
  // Start equal to end: the range holds one day, both ends included. A strict `start < end`
  // rejects it, and a range computed one day too long or too short asks for the wrong days.
  let day = start
  let transport = SimulatedTransport()
  transport.route(
    ApodClient.url(from: day, to: day),
    body: CannedApod.json([CannedApod(date: "2021-12-15", title: "M31")]))
  let result = await fetch(ApodClient(transport: transport), from: day, to: day)
  // The days asked for, read off the requested URLs rather than rebuilt with the client's own
  // url(from:to:), so that an off-by-one there shows too.
  let asked = transport.statistics.requestsPerURL.keys.map { url in
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let value = { (name: String) in items.first { $0.name == name }?.value ?? "none" }
    return "\(value("start_date")) to \(value("end_date"))"
  }
  switch result {
  case .failure(let error):
    let when = asked.isEmpty ? "before any request" : "after asking for \(asked)"
    return .fail(
      "a one-day range (start equal to end) threw \(error) \(when): both ends are included, "
        + "so start == end is a valid range of one day")
  case .success(let found):
    return .expect(
      asked == ["2021-12-15 to 2021-12-15"] && transport.statistics.requests == 1
        && found.map(\.title) == ["M31"],
      "a one-day range (2021-12-15) asked for \(asked) in \(transport.statistics.requests) "
        + "requests and returned \(found.map(\.title)); "
        + "expected one request from 2021-12-15 to 2021-12-15 and its one picture, M31")
  }
}

/// Error answers as servers send them: the status alone says what went wrong, whatever the body
/// is, JSON that decodes or not JSON at all. A 3xx is no list either: a 304 Not Modified (the
/// answer to a conditional request) has no body, and a 302 Found whose redirect the client
/// declined brings a small HTML page.
let errorAnswers: [(status: HTTPStatus, body: String, described: String)] = [
  (.serverError, "[]", "an empty list, which decodes"),
  (.serverError, "<html><body>Internal Server Error</body></html>", "an HTML error page"),
  (
    .notFound, #"{"code": 404, "msg": "No data available for date: 2021-12-17"}"#,
    "the API's JSON error object"
  ),
  (429, "", "no body at all"),
  (503, String(decoding: CannedApod.json(pictures), as: UTF8.self), "a stale list of pictures"),
  (304, "", "no body at all"),
  (302, "<html><body>Found</body></html>", "an HTML page"),
]

suite.check("a status other than 200 throws invalidServerResponse") {
  // Each error answer with a client of its own; its body must not change the verdict.
  for answer in errorAnswers {
    let transport = SimulatedTransport()
    transport.route(rangeURL, .text(answer.body, status: answer.status))
    let outcome = expectError(
      .invalidServerResponse(answer.status), from: await fetch(ApodClient(transport: transport)))
    if case .fail(let message) = outcome {
      return .fail(
        "an \(answer.status) answer with \(answer.described) as its body: \(message); the "
          + "status says the request failed, whatever the body holds, so check it before "
          + "decoding")
    }
  }
  return .pass
}

suite.check("data that does not decode throws decodingFailed") {
  let transport = SimulatedTransport()
  transport.route(rangeURL, .text("{\"error\": \"rate limited\"}"))
  return expectError(.decodingFailed, from: await fetch(ApodClient(transport: transport)))
}

suite.check("a reversed range throws invalidDateRange before any request") {
  let transport = SimulatedTransport()
  let result = await fetch(ApodClient(transport: transport), from: end, to: start)
  if transport.statistics.requests > 0 {
    return .fail("a reversed range was still requested from the server")
  }
  return expectError(.invalidDateRange, from: result)
}

suite.check("a transport failure throws transportFailed") {
  // Offline as this lab's transport says it, and as URLSession does: a URLError that is not
  // `.cancelled` is a failed transport, not a cancelled task.
  let failures: [(described: String, error: any Error)] = [
    ("TransportError.offline", TransportError.offline),
    ("URLError(.notConnectedToInternet)", URLError(.notConnectedToInternet)),
    ("URLError(.timedOut)", URLError(.timedOut)),
  ]
  for failure in failures {
    let transport = SimulatedTransport()
    transport.fail(rangeURL, with: failure.error)
    let outcome = expectError(
      .transportFailed, from: await fetch(ApodClient(transport: transport)))
    if case .fail(let message) = outcome {
      return .fail(
        "the transport threw \(failure.described) and nobody cancelled the fetch: \(message)")
    }
  }
  return .pass
}

/// How a first fetch fails, and what the client throws for it.
let firstFailures:
  [(described: String, error: ApodNetworkingError, fail: (SimulatedTransport) -> Void)] = [
    (
      "the network is offline", .transportFailed,
      { $0.fail(rangeURL, with: TransportError.offline) }
    ),
    (
      "the server answers 500", .invalidServerResponse(.serverError),
      { $0.route(rangeURL, .text("<html>Internal Server Error</html>", status: .serverError)) }
    ),
    ("the body does not decode", .decodingFailed, { $0.route(rangeURL, .text("{\"error\": 1}")) }),
  ]

suite.check("a fetch after a failed one asks the server again") {
  // One client, two fetches of the same range: the first fails, then the server is back. The
  // second must ask again and return the pictures: a failure is no answer to keep.
  for failure in firstFailures {
    let transport = SimulatedTransport()
    failure.fail(transport)
    let client = ApodClient(transport: transport)
    // Which error the first fetch throws is the other checks' business; that it fails is not.
    if case .success(let found) = await fetch(client) {
      return .fail(
        "when \(failure.described), a fetch returned \(Wording.count(found.count, "picture")) "
          + "instead of throwing \(failure.error)")
    }
    transport.succeed(rangeURL)
    transport.route(rangeURL, body: CannedApod.json(pictures))
    if let problem = await refetched(by: client, on: transport, after: failure.described) {
      return .fail(problem)
    }
  }
  // A fetch cancelled while it waits for its answer: the user left, and comes back.
  let transport = SimulatedTransport()
  transport.route(rangeURL, body: CannedApod.json(pictures))
  transport.hold(rangeURL)
  let client = ApodClient(transport: transport)
  let first = Task { await fetch(client) }
  CheckSuite.waiting(for: "the first fetch's request to reach the server")
  await transport.waitUntilHeld(1)
  first.cancel()
  if case .success(let found) = await first.value {
    return .fail(
      "a fetch cancelled while it waited for its answer returned "
        + "\(Wording.count(found.count, "picture")) instead of throwing cancelled")
  }
  transport.release(rangeURL)
  if let problem = await refetched(
    by: client, on: transport, after: "the user left while it waited for its answer")
  {
    return .fail(problem)
  }
  return .pass
}

/// What is wrong with the second fetch of the range, once the first has failed `after`; nil if
/// it asked the server again and returned the three pictures.
func refetched(by client: ApodClient, on transport: SimulatedTransport, after: String) async
  -> String?
{
  // A client may try a failed request more than once: what counts is that the second fetch
  // asks the server at least once more.
  let requestsBefore = transport.statistics.requests(for: rangeURL)
  let result = await fetch(client)
  let asked = transport.statistics.requests(for: rangeURL) - requestsBefore
  let answer: String
  switch result {
  case .success(let found) where found.count == pictures.count && asked > 0: return nil
  case .success(let found): answer = "returned \(Wording.count(found.count, "picture"))"
  case .failure(let error): answer = "threw \(error)"
  }
  return
    "a first fetch failed (\(after)), then the server answered again; the second fetch of "
    + "the same range \(answer) after \(Wording.count(asked, "request")) of its own, expected "
    + "the 3 pictures from a new request: a failure is not an answer to keep for the next "
    + "caller"
}

suite.check("a later fetch on the same client gets its own range's answer, or its own error") {
  // One client fetches the week, then the first day of it: the day gets its own picture.
  let oneDayURL = ApodClient.url(from: start, to: start)
  let transport = SimulatedTransport()
  transport.route(rangeURL, body: CannedApod.json(pictures))
  transport.route(oneDayURL, body: CannedApod.json([pictures[0]]))
  let client = ApodClient(transport: transport)
  _ = await fetch(client)
  switch await fetch(client, from: start, to: start) {
  case .success(let found) where found.map(\.title) == ["M31"]: break
  case .success(let found):
    return .fail(
      "after the week from 2021-12-15, a fetch of 2021-12-15 alone returned "
        + "\(found.map(\.title)) after \(Wording.count(transport.statistics.requests(for: oneDayURL), "request")) "
        + "for that day, expected its one picture, M31: an answer belongs to the range it was "
        + "asked for")
  case .failure(let error):
    return .fail("after the week, a fetch of its first day alone threw \(error)")
  }
  // Then the network goes offline: a fetch that asks the server must say so. One answered
  // from what the client kept, with no request, may return the pictures.
  transport.fail(rangeURL, with: TransportError.offline)
  let requestsBefore = transport.statistics.requests(for: rangeURL)
  let result = await fetch(client)
  let asked = transport.statistics.requests(for: rangeURL) > requestsBefore
  switch result {
  case .success(let found) where asked:
    return .fail(
      "offline, a fetch of the week asked the server, which failed, and returned "
        + "\(Wording.count(found.count, "picture")) from an earlier answer instead of throwing "
        + "transportFailed: the list would never say it is offline")
  case .success(let found) where found.count != pictures.count:
    return .fail("a fetch of the week answered from the client returned \(found.count) pictures")
  case .success:
    return .pass
  case .failure:
    return expectError(.transportFailed, from: result)
  }
}

suite.check("two callers at once each get their own range's answer, in any order") {
  exploration.outcome(of: "two-ranges-at-once")
}

suite.check("a caller that leaves does not end another caller's fetch, in any order") {
  exploration.outcome(of: "one-caller-leaves")
}

suite.check("a cancelled fetch throws cancelled") {
  // The transport reports the cancellation with CancellationError, the Swift convention.
  exploration.outcome(of: "cancelled")
}

suite.check("a fetch that URLSession reports as URLError(.cancelled) throws cancelled") {
  // URLSession's async methods report a cancelled task with URLError(.cancelled), not
  // CancellationError: the transport does the same here.
  exploration.outcome(of: "cancelled-urlerror")
}

await suite.run()
