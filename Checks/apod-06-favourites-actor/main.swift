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
/// next starts, so every toggle is suspended in its write before any write ends. Returns what
/// each toggle returned, in the order they started.
@discardableResult
func toggleAtOnce(_ dates: [String], on store: FavouritesStore, persistence: HeldPersistence)
  async throws -> [Bool]
{
  let executor = StepExecutor()
  let tasks = dates.map { date in
    Task.detached(executorPreference: executor) { try await store.toggle(date) }
  }
  executor.runUntilIdle()
  persistence.releaseAll()
  executor.runFreely()
  var returned: [Bool] = []
  for task in tasks { returned.append(try await task.value) }
  return returned
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
  let returned = try await toggleAtOnce(
    ["2021-12-17", "2021-12-17"], on: store, persistence: persistence)
  let favourites = await store.favourites
  if !favourites.isEmpty {
    return .fail(
      "the picture was toggled twice at the same time and is still a favourite: the second "
        + "toggle decided on a state the first one was about to change")
  }
  return .expect(
    returned == [true, false],
    "two toggles of the same picture at the same time returned \(returned), expected [true, "
      + "false]: the first added it, the second removed it")
}

suite.check("a toggle returns once the favourites are written") {
  let persistence = HeldPersistence(holding: true)
  let store = FavouritesStore(persistence: persistence)
  let executor = StepExecutor()
  let returned = LockedValue(false)
  let toggle = Task.detached(executorPreference: executor) {
    try await store.toggle("2021-12-17")
    returned.withLock { $0 = true }
  }
  // Runs the toggle, and anything it started, until all of it waits on the held write.
  executor.runUntilIdle()
  let returnedWhileWriting = returned.current
  let writesStarted = persistence.writes.count
  persistence.releaseAll()
  executor.runFreely()
  try await toggle.value
  if returnedWhileWriting {
    return .fail(
      "toggle(_:) returned before its write was done: a write started in a task of its own can "
        + "fail unseen, and overlapping writes can land in any order; await it in toggle(_:)")
  }
  return .expect(writesStarted == 1, "one toggle started \(writesStarted) writes, expected 1")
}

suite.check("FavouritesStore is still an actor") {
  // The step-by-step checks run one job at a time, so an unsynchronized class passes them; the
  // type says what the program will do on many threads.
  .expect(
    (FavouritesStore.self as Any.Type) is any Actor.Type,
    "FavouritesStore is no longer an actor: nothing keeps two threads from changing the set at "
      + "once. Keep the actor, and make each toggle's read, decision and change one step")
}

suite.check("many toggles from many threads at once are all kept") {
  guard (FavouritesStore.self as Any.Type) is any Actor.Type else {
    // An unsynchronized class can crash here, and a crash hides every verdict after it.
    return .fail("not run: FavouritesStore is not an actor (see above)")
  }
  // Real concurrency this time, not a step executor: the toggles run on Swift's global
  // executor, many threads, with writes that do not wait.
  let persistence = HeldPersistence(holding: false)
  let store = FavouritesStore(persistence: persistence)
  let dates: [String] = (0..<200).map { index in
    let month = index / 28 + 1
    let day = index % 28 + 1
    return String(format: "2021-%02d-%02d", month, day)
  }
  try await withThrowingTaskGroup(of: Void.self) { group in
    for date in dates {
      group.addTask { try await store.toggle(date) }
    }
    try await group.waitForAll()
  }
  let favourites = await store.favourites
  return .expect(
    favourites == Set(dates),
    "200 different pictures were toggled at once from many threads; the store kept "
      + "\(favourites.count) of them")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["FavouritesStore.swift"],
    leavesUnfixed: "the data race on the favourites: make FavouritesStore an actor")
}

await suite.run()
