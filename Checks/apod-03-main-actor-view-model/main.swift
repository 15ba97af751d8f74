// The checks of kata apod-03: a @MainActor view model that refreshes top-down.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata03

let suite = CheckSuite()

let today = ISO8601DateFormatter().date(from: "2021-12-17T10:00:00Z")!
let weekStart = ISO8601DateFormatter().date(from: "2021-12-11T10:00:00Z")!
let weekURL = ApodClient.url(from: weekStart, to: today)

/// A store that logs every save, can fail, and can hold a save until the check releases it.
actor FakeStore: PictureStore {
  nonisolated let saves = EventLog<[String]>()
  private var failure: Error?
  private var holding = false
  private var held: CheckedContinuation<Void, Never>?

  init(failure: Error? = nil, holding: Bool = false) {
    self.failure = failure
    self.holding = holding
  }

  func save(_ pictures: [ApodPicture]) async throws {
    saves.append(pictures.map(\.title))
    if holding { await withCheckedContinuation { held = $0 } }
    if let failure { throw failure }
  }

  func release() {
    holding = false
    held?.resume()
    held = nil
  }
}

struct DiskFull: Error {}

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  transport.route(
    weekURL,
    body: CannedApod.json([
      CannedApod(date: "2021-12-16", title: "Orion"), CannedApod(date: "2021-12-17", title: "M31"),
    ]))
  return transport
}

@MainActor func model(_ transport: SimulatedTransport, _ store: FakeStore) -> ApodViewModel {
  ApodViewModel(client: ApodClient(transport: transport), store: store, now: { today })
}

suite.check("refresh asks for the last seven days") {
  let transport = transport()
  let model = model(transport, FakeStore())
  await model.refresh()
  return .expect(
    transport.statistics.requests(for: weekURL) == 1 && model.state == .loaded(count: 2),
    "after refresh(), the model shows \(model.state) and requested the week "
      + "\(transport.statistics.requests(for: weekURL)) times")
}

suite.check("a one-day refresh asks for today only") {
  let dayURL = ApodClient.url(from: today, to: today)
  let transport = SimulatedTransport()
  transport.route(dayURL, body: CannedApod.json([CannedApod(date: "2021-12-17", title: "M31")]))
  let model = ApodViewModel(
    client: ApodClient(transport: transport), store: FakeStore(), now: { today }, days: 1)
  await model.refresh()
  let asked = transport.statistics.requestsPerURL.keys.map { $0.query ?? "" }
  return .expect(
    transport.statistics.requests(for: dayURL) == 1 && model.state == .loaded(count: 1),
    "a refresh of one day asked for \(asked) and shows \(model.state); expected one request "
      + "from 2021-12-17 to 2021-12-17: `days` counts today, so the range starts days - 1 days "
      + "back")
}

/// Starts refresh() and suspends until the store is asked to save or refresh() returns, whichever
/// comes first: one of them always happens, so no time limit decides. Returns the refresh and
/// whether it had returned by then. The check and refresh() share the main actor, which runs one
/// job at a time in order: a refresh that returns without awaiting its save has returned before
/// the check looks.
@MainActor func startRefresh(_ model: ApodViewModel, saving store: FakeStore) async -> (
  refresh: Task<Void, Never>, returned: Bool
) {
  let progress = EventLog<String>()
  let returned = LockedValue(false)
  let refresh = Task { @MainActor in
    await model.refresh()
    returned.withLock { $0 = true }
    progress.append("returned")
  }
  Task {
    if await store.saves.waitUntil(count: 1) { progress.append("saved") }
  }
  await progress.waitUntil(count: 1)
  return (refresh, returned.current)
}

suite.check("refresh returns once the pictures are saved") {
  let store = FakeStore(holding: true)
  let model = model(transport(), store)
  let (refresh, returned) = await startRefresh(model, saving: store)
  let saves = store.saves.count
  await store.release()
  await refresh.value
  if saves == 0 {
    return .fail(
      "refresh() returned before the store was asked to save, showing \(model.state): await "
        + "the save in refresh() itself instead of starting a task on the side")
  }
  return .expect(
    !returned,
    "refresh() returned while the store was still saving: await the save in refresh() itself "
      + "instead of starting a task on the side")
}

suite.check("the pictures are shown only once they are saved") {
  let store = FakeStore(holding: true)
  let model = model(transport(), store)
  let (refresh, _) = await startRefresh(model, saving: store)
  let saves = store.saves.count
  let whileSaving = (model.state, model.pictures.count)
  await store.release()
  await refresh.value
  if saves == 0 {
    return .fail(
      whileSaving.1 > 0
        ? "the list showed \(whileSaving.0) with \(whileSaving.1) pictures before the store was "
          + "asked to save them: save first, then show"
        : "refresh() ended without asking the store to save; the list shows \(whileSaving.0)")
  }
  if whileSaving.0 != .loading || whileSaving.1 != 0 {
    return .fail(
      "while the store was saving, the list already showed \(whileSaving.0) with "
        + "\(whileSaving.1) pictures: show them after the save")
  }
  return .expect(
    model.state == .loaded(count: 2) && model.pictures.map(\.title) == ["Orion", "M31"]
      && store.saves.elements == [["Orion", "M31"]],
    "after the save: \(model.state), \(model.pictures.map(\.title)); saved \(store.saves.elements)")
}

suite.check("a failed fetch shows the error and saves nothing") {
  let transport = transport()
  transport.route(weekURL, CannedResponse(status: .serverError, body: Data()))
  let store = FakeStore()
  let model = model(transport, store)
  await model.refresh()
  guard case .failed = model.state else {
    return .fail("the fetch failed, the model shows \(model.state)")
  }
  return .expect(store.saves.count == 0, "the fetch failed, but the store was asked to save")
}

suite.check("a failed refresh keeps the pictures already shown") {
  // A refresh that succeeds, then one whose fetch fails: the error is shown, and the list keeps
  // the pictures it already showed (they are still saved). A list emptied by a failed refresh,
  // or cleared when a refresh starts, loses them until the network comes back.
  let transport = transport()
  let model = model(transport, FakeStore())
  await model.refresh()
  let shown = model.pictures.map(\.title)
  guard shown == ["Orion", "M31"] else {
    return .fail("the first refresh, which succeeds, shows \(shown) and \(model.state)")
  }
  transport.route(weekURL, CannedResponse(status: .serverError, body: Data()))
  await model.refresh()
  guard case .failed = model.state else {
    return .fail("the second refresh's fetch failed, yet the model shows \(model.state)")
  }
  return .expect(
    model.pictures.map(\.title) == shown,
    "after a refresh that failed, the list shows \(model.pictures.map(\.title)) instead of "
      + "the pictures it already showed, \(shown): change `pictures` only once new ones are "
      + "fetched and saved, neither when a refresh starts nor when it fails")
}

suite.check("a failed save shows the error") {
  let store = FakeStore(failure: DiskFull())
  let model = model(transport(), store)
  await model.refresh()
  if case .failed = model.state {
    // Failed already: nothing more to wait for.
  } else {
    // A save started on the side fails later: let it reach the store before looking. Safety
    // net only: every answer that fetched asks the store to save.
    await store.saves.waitUntil(count: 1, timeout: .seconds(3))
  }
  guard case .failed(let message) = model.state else {
    return .fail("the store could not save, yet the model shows \(model.state)")
  }
  return .expect(message.contains("DiskFull"), "the model shows the wrong error: \(message)")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["ApodViewModel.swift"],
    leavesUnfixed: "the data race on what the list shows: keep the model and its refresh on "
      + "the main actor; the client is an actor and does its work off it")
}

await suite.run()
