// The checks of kata store-04: a search that cancels the previous one.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata04

let suite = CheckSuite()

func results(_ names: [String]) -> CannedResponse {
  let entries = names.enumerated().map { index, name in
    "{\"trackId\": \(index + 1), \"trackName\": \"\(name)\", \"artistName\": \"Dev \(index)\"}"
  }
  return .text("{\"results\": [\(entries.joined(separator: ", "))]}")
}

func names(in state: SearchViewModel.State) -> [String]? {
  if case .results(let apps) = state { return apps.map(\.name) }
  return nil
}

let maps = AppsSearchService.url(for: "maps")
let mail = AppsSearchService.url(for: "mail")

@MainActor func setUp() -> (SimulatedTransport, SearchViewModel) {
  let transport = SimulatedTransport()
  transport.route(maps, results(["Maps", "Maps Pro"]))
  transport.route(mail, results(["Mail"]))
  return (transport, SearchViewModel(service: AppsSearchService(transport: transport)))
}

suite.check("a search shows loading, then its results") {
  let (transport, model) = setUp()
  guard model.state == .initial else { return .fail("the screen starts as \(model.state)") }
  transport.hold(maps)
  model.search("maps")
  await transport.waitUntilHeld(1)
  let during = model.state
  transport.release(maps)
  await model.searchTask?.value
  if during != .loading { return .fail("while the search ran, the screen showed \(during)") }
  return .expect(
    names(in: model.state) == ["Maps", "Maps Pro"], "after the search: \(model.state)")
}

suite.check("no apps found shows empty, a failure shows the error") {
  let (transport, model) = setUp()
  transport.route(maps, results([]))
  model.search("maps")
  await model.searchTask?.value
  if model.state != .empty { return .fail("no apps found, but the screen shows \(model.state)") }
  transport.fail(mail, with: TransportError.offline)
  model.search("mail")
  await model.searchTask?.value
  guard case .error = model.state else {
    return .fail("the search failed, but the screen shows \(model.state)")
  }
  return .pass
}

suite.check("a new query cancels the previous search") {
  let (transport, model) = setUp()
  transport.hold(maps)
  model.search("maps")
  await transport.waitUntilHeld(1)
  let first = model.searchTask
  model.search("mail")
  let cancelled = first?.isCancelled ?? false
  await model.searchTask?.value
  transport.release(maps)
  await first?.value
  return .expect(cancelled, "typing a new query left the previous search running: cancel its task")
}

suite.check("a cancelled search never shows its results") {
  let (transport, model) = setUp()
  transport.hold(maps)
  model.search("maps")
  await transport.waitUntilHeld(1)
  let first = model.searchTask
  model.search("mail")
  await model.searchTask?.value
  // The old search's answer arrives after the new one's.
  transport.release(maps)
  await first?.value
  return .expect(
    names(in: model.state) == ["Mail"],
    "the \"mail\" search ended first, then the cancelled \"maps\" search replaced it: "
      + "the screen shows \(model.state)")
}

suite.check("a cancelled search never shows its error") {
  let (transport, model) = setUp()
  transport.hold(maps)
  transport.fail(maps, with: TransportError.offline)
  model.search("maps")
  await transport.waitUntilHeld(1)
  let first = model.searchTask
  model.search("mail")
  await model.searchTask?.value
  transport.release(maps)
  await first?.value
  return .expect(
    names(in: model.state) == ["Mail"],
    "the cancelled \"maps\" search failed after the \"mail\" search ended, and the screen "
      + "shows \(model.state)")
}

suite.check("three searches in a row: only the last one shows") {
  let (transport, model) = setUp()
  let maths = AppsSearchService.url(for: "maths")
  transport.route(maths, results(["Maths"]))
  transport.hold(maps)
  transport.hold(mail)
  // "maps", then "mail" while "maps" is still out, then "maps" comes back (cancelled) before
  // "maths" is typed. The screen belongs to "maths" whatever the others do afterwards.
  model.search("maps")
  await transport.waitUntilHeld(1)
  let first = model.searchTask
  model.search("mail")
  await transport.waitUntilHeld(2)
  let second = model.searchTask
  transport.release(maps)
  await first?.value
  model.search("maths")
  let secondCancelled = second?.isCancelled ?? false
  await model.searchTask?.value
  transport.release(mail)
  await second?.value
  if !secondCancelled {
    return .fail(
      "typing \"maths\" did not cancel the \"mail\" search still running: the view model "
        + "had lost its handle, so the first search, on its way out, cleared the handle of a "
        + "newer one; a task may only clear its own")
  }
  return .expect(
    names(in: model.state) == ["Maths"],
    "after \"maps\", \"mail\" and \"maths\", the screen shows \(model.state)")
}

await suite.run()
