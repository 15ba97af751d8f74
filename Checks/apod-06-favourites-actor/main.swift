// The checks of kata apod-06: a favourites store safe under concurrent toggles.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata06

let suite = CheckSuite()

/// Persistence that logs every write and, when holding, keeps each write waiting until released.
final class HeldPersistence: FavouritesPersistence, @unchecked Sendable {
  let writes = EventLog<Set<String>>()
  private let held = LockedValue<[CheckedContinuation<Void, Never>]>([])
  private let holding: Bool

  init(holding: Bool) { self.holding = holding }

  func write(_ favourites: Set<String>) async throws {
    writes.append(favourites)
    guard holding else { return }
    await withCheckedContinuation { continuation in held.withLock { $0.append(continuation) } }
  }

  /// Releases the held writes in the order they came.
  func releaseAll() {
    for continuation in held.withLock({ list -> [CheckedContinuation<Void, Never>] in
      defer { list = [] }
      return list
    }) {
      continuation.resume()
    }
  }
}

/// Runs `toggles` at the same time on a step executor: each goes as far as it can before the
/// next starts, so every toggle is suspended in its write before any write ends.
func toggleAtOnce(_ dates: [String], on store: FavouritesStore, persistence: HeldPersistence)
  async throws
{
  let executor = StepExecutor()
  let tasks = dates.map { date in
    Task.detached(executorPreference: executor) { try await store.toggle(date) }
  }
  executor.runUntilIdle()
  persistence.releaseAll()
  executor.runFreely()
  for task in tasks { _ = try await task.value }
}

suite.check("toggling adds, toggling again removes") {
  let persistence = HeldPersistence(holding: false)
  let store = FavouritesStore(persistence: persistence)
  let added = try await store.toggle("2021-12-17")
  let afterAdd = await store.isFavourite("2021-12-17")
  let removed = try await store.toggle("2021-12-17")
  let afterRemove = await store.isFavourite("2021-12-17")
  return .expect(
    added && afterAdd && !removed && !afterRemove
      && persistence.writes.elements == [["2021-12-17"], []],
    "toggle, toggle: returned \(added), \(removed); favourite \(afterAdd), \(afterRemove); "
      + "written \(persistence.writes.elements)")
}

suite.check("concurrent toggles of different pictures are all kept") {
  let persistence = HeldPersistence(holding: true)
  let store = FavouritesStore(persistence: persistence)
  try await toggleAtOnce(
    ["2021-12-15", "2021-12-16", "2021-12-17"], on: store, persistence: persistence)
  let favourites = await store.favourites
  return .expect(
    favourites == ["2021-12-15", "2021-12-16", "2021-12-17"]
      && persistence.writes.elements.last == favourites,
    "three toggles ran while each other's writes were in progress; the store kept "
      + "\(favourites.sorted()) and last wrote \(persistence.writes.elements.last.map { $0.sorted() } ?? []): "
      + "change the set before the await, not after")
}

suite.check("two concurrent toggles of the same picture cancel out") {
  let persistence = HeldPersistence(holding: true)
  let store = FavouritesStore(persistence: persistence)
  try await toggleAtOnce(["2021-12-17", "2021-12-17"], on: store, persistence: persistence)
  let favourites = await store.favourites
  return .expect(
    favourites.isEmpty,
    "the picture was toggled twice at the same time and is still a favourite: the second toggle "
      + "decided on a state the first one was about to change")
}

await suite.run()
