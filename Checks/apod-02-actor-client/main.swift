// The checks of kata apod-02: an actor networking layer with typed errors.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata02

let suite = CheckSuite()

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

suite.check("a status other than 200 throws invalidServerResponse") {
  let transport = SimulatedTransport()
  // The body decodes fine: only the status says something went wrong.
  transport.route(rangeURL, CannedResponse(status: .serverError, body: Data("[]".utf8)))
  return expectError(
    .invalidServerResponse(.serverError), from: await fetch(ApodClient(transport: transport)))
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
  let transport = SimulatedTransport()
  transport.fail(rangeURL, with: TransportError.offline)
  return expectError(.transportFailed, from: await fetch(ApodClient(transport: transport)))
}

/// Holds the request at its gate, cancels the fetching task there, and expects `.cancelled`. No
/// timing: the gate ends the request only when its task is cancelled.
func expectCancelled(_ transport: SimulatedTransport) async -> CheckOutcome {
  transport.route(rangeURL, body: CannedApod.json(pictures))
  transport.hold(rangeURL)
  let client = ApodClient(transport: transport)
  let task = Task { await fetch(client) }
  await transport.waitUntilHeld(1)
  task.cancel()
  return expectError(.cancelled, from: await task.value)
}

suite.check("a cancelled fetch throws cancelled") {
  // The transport reports the cancellation with CancellationError, the Swift convention.
  await expectCancelled(SimulatedTransport())
}

suite.check("a fetch that URLSession reports as URLError(.cancelled) throws cancelled") {
  // URLSession's async methods report a cancelled task with URLError(.cancelled), not
  // CancellationError: the transport does the same here.
  await expectCancelled(SimulatedTransport(reportsCancellation: .asURLError))
}

await suite.run()
