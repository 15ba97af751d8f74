// The checks of kata apod-06: a favourites store safe under concurrent toggles.
import Foundation
import KataSupport
import LabCheckKit

@testable import ApodKata06

/// Persistence under the scheduler: a write stores the set at once, in the order the writes were
/// called (an actor, as a real store's file access would be), and returns once the disk confirms
/// it, after a virtual 50 ms, so that other toggles can run meanwhile in any order; a lane named
/// in `failing` gets a disk-full error instead of the confirmation, and one in `failingOnce` gets
/// it for its first write only (the disk was busy for a moment).
actor ExploredPersistence: FavouritesPersistence {
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  private nonisolated let story: ExplorationStory
  private nonisolated let failing: Set<String>
  private nonisolated let failingOnce: Set<String>
  /// Each write, in the order it was called: whose, what, and whether the disk kept it (nil
  /// while unconfirmed).
  private nonisolated let writes = LockedValue<
    [(lane: String, favourites: Set<String>, kept: Bool?)]
  >([])

  init(story: ExplorationStory, failing: Set<String> = [], failingOnce: Set<String> = []) {
    self.story = story
    self.failing = failing
    self.failingOnce = failingOnce
  }

  func write(_ favourites: Set<String>) async throws {
    let lane = ExplorationStory.currentLane
    story.note("writes \(favourites.sorted())")
    let (index, isFirstOfLane) = writes.withLock { writes in
      let isFirst = !writes.contains { $0.lane == lane }
      writes.append((lane, favourites, nil))
      return (writes.count - 1, isFirst)
    }
    try await Task.sleep(for: .milliseconds(50))
    let kept = !failing.contains(lane) && !(isFirstOfLane && failingOnce.contains(lane))
    writes.withLock { $0[index].kept = kept }
    story.note(kept ? "write confirmed" : "write fails: the disk is full")
    if !kept { throw DiskFull() }
  }

  /// What a relaunch reads: the last write the disk kept.
  nonisolated var file: Set<String> {
    writes.withLock { $0.last { $0.kept == true }?.favourites ?? [] }
  }

  /// Whether the last write called, the one that carries the last toggle's decision, was kept.
  nonisolated var lastWriteWasKept: Bool {
    writes.withLock { $0.last?.kept == true }
  }

  /// Whether a write called from `lane` has ended, confirmed or failed.
  nonisolated func hasEndedAWrite(in lane: String) -> Bool {
    writes.withLock { $0.contains { $0.lane == lane && $0.kept != nil } }
  }
}

/// What the toggles of a scenario returned, lane by lane, and what went wrong as they returned.
final class Toggles: @unchecked Sendable {
  let story: ExplorationStory
  let persistence: ExploredPersistence
  let store: FavouritesStore
  private let results = LockedValue<
    [(lane: String, date: String, result: Result<Bool, any Error>)]
  >([])
  private let problems = LockedValue<[String]>([])

  init(story: ExplorationStory, failing: Set<String> = [], failingOnce: Set<String> = []) {
    self.story = story
    persistence = ExploredPersistence(story: story, failing: failing, failingOnce: failingOnce)
    store = FavouritesStore(persistence: persistence)
  }

  /// Toggles `date` in lane `lane`, as a screen of the app would.
  func toggle(_ date: String, in lane: String) -> Task<Void, Never> {
    Task { await story.inLane(lane) { await toggle(date) } }
  }

  /// The same, arriving later: in the default order once everything else is done, and at any
  /// point of the run one deviation away.
  func toggleLater(_ date: String, in lane: String) -> Task<Void, Never> {
    story.later(lane) { await self.toggle(date) }
  }

  private func toggle(_ date: String) async {
    let lane = ExplorationStory.currentLane
    story.note("toggle(\"\(date)\")")
    let result: Result<Bool, any Error>
    do {
      let isFavourite = try await store.toggle(date)
      story.note("toggle returned \(isFavourite)")
      result = .success(isFavourite)
    } catch {
      story.note("toggle threw: \(error)")
      result = .failure(error)
    }
    if !persistence.hasEndedAWrite(in: lane) {
      problems.withLock {
        $0.append(
          "the \(lane) screen's toggle of \(date) returned before its write was confirmed: the "
            + "screen shows it saved, and a write that fails goes unseen")
      }
    }
    results.withLock { $0.append((lane, date, result)) }
  }

  var all: [(lane: String, date: String, result: Result<Bool, any Error>)] {
    results.withLock { $0 }
  }

  var found: [String] { problems.withLock { $0 } }
}

/// Every toggle of `date` that succeeded, and what the store and the file say of it: toggles of
/// one picture from a state where it is not a favourite must return true, false, true, ... (in
/// some order), and leave it a favourite exactly when there were an odd number of them.
func judge(_ date: String, in toggles: Toggles, favourites: Set<String>) -> [String] {
  let returned = toggles.all.filter { $0.date == date }.compactMap { try? $0.result.get() }
  let added = returned.filter { $0 }.count
  let removed = returned.count - added
  var problems: [String] = []
  if added != (returned.count + 1) / 2 || removed != returned.count / 2 {
    problems.append(
      "\(returned.count) toggles of \(date) returned \(returned): \(added) screens show it "
        + "added and \(removed) removed; each toggle must decide on the state the one before it "
        + "left")
  }
  let shouldBeFavourite = returned.count % 2 == 1
  if favourites.contains(date) != shouldBeFavourite {
    problems.append(
      "after \(returned.count) toggle\(returned.count == 1 ? "" : "s") of \(date), the store "
        + "says it is \(shouldBeFavourite ? "not " : "")a favourite")
  }
  return problems
}

/// What the store and the file (what a relaunch reads) disagree on, if anything.
func storeAgreesWithFile(_ toggles: Toggles, favourites: Set<String>) -> [String] {
  let file = toggles.persistence.file
  guard file != favourites else { return [] }
  return [
    "the store holds \(favourites.sorted()) but the file holds \(file.sorted()): after a "
      + "relaunch the user sees other favourites"
  ]
}

let toggleAdvice =
  "Any state read before an await may be stale after it, and other toggles run on the actor "
  + "while this one awaits its write. Read, decide and change the set in one step before the "
  + "await, write what the set has become, and change nothing after the await from what you "
  + "read before it."

let exploration = KataExploration(
  kata: "apod-06",
  scenarios: [
    ExplorationScenario(
      "toggles-overlap",
      summary: "the list and the detail screen toggle two pictures at once; a widget toggles the "
        + "first back at any point",
      steps: [
        "list: toggle 2021-12-15 (adds it); the write takes 50 ms",
        "detail: toggle 2021-12-16 (adds it), at the same time",
        "widget: toggle 2021-12-15 again, at any point: before, between or after the others' "
          + "awaits; it removes the picture if the list's toggle came first, else adds it",
        "then: each toggle returned after its write was confirmed; toggles of one picture "
          + "returned true then false; the store and the file (what a relaunch reads) agree",
      ],
      advice: toggleAdvice
    ) { story in
      let toggles = Toggles(story: story)
      let tasks = [
        toggles.toggle("2021-12-15", in: "list"), toggles.toggle("2021-12-16", in: "detail"),
        toggles.toggleLater("2021-12-15", in: "widget"),
      ]
      for task in tasks { await task.value }
      await story.settle()
      let favourites = await toggles.store.favourites
      var problems = toggles.found
      problems += judge("2021-12-15", in: toggles, favourites: favourites)
      problems += judge("2021-12-16", in: toggles, favourites: favourites)
      problems += storeAgreesWithFile(toggles, favourites: favourites)
      return problems
    },
    ExplorationScenario(
      "favourite-toggles-overlap",
      summary: "a picture already a favourite: the list and the widget toggle it, the widget at "
        + "any point of the list's toggle",
      steps: [
        "detail: toggle 2021-12-15 (adds it); its write is confirmed",
        "list: toggle 2021-12-15 (removes it); the write takes 50 ms",
        "widget: toggle 2021-12-15 at any point: before, during or after the list's toggle; it "
          + "adds the picture back if the list's toggle came first, else removes it",
        "then: of the two overlapping toggles one returned false and the other true, and the "
          + "picture is a favourite again, in the store and in the file",
      ],
      advice: toggleAdvice
    ) { story in
      // From no favourite, the first of two overlapping toggles adds the date before any await
      // even when the removal is decided apart from the change; from a favourite both may decide
      // to remove it, which no order of the two toggles gives.
      let toggles = Toggles(story: story)
      await toggles.toggle("2021-12-15", in: "detail").value
      let tasks = [
        toggles.toggle("2021-12-15", in: "list"),
        toggles.toggleLater("2021-12-15", in: "widget"),
      ]
      for task in tasks { await task.value }
      await story.settle()
      let favourites = await toggles.store.favourites
      var problems = toggles.found
      problems += judge("2021-12-15", in: toggles, favourites: favourites)
      problems += storeAgreesWithFile(toggles, favourites: favourites)
      return problems
    },
    ExplorationScenario(
      "write-fails",
      summary: "the list's toggle fails to write (the disk is full) while the detail screen "
        + "toggles another picture, at any point",
      steps: [
        "list: toggle 2021-12-15; its write fails after 50 ms: toggle(_:) throws",
        "detail: toggle 2021-12-16, at any point: before, during or after the list's toggle; "
          + "its write is confirmed: it returns true",
        "then: 2021-12-16 is a favourite, in the store and in the file",
      ],
      advice: toggleAdvice
        + " Undoing a failed change by restoring a copy taken before the await also undoes "
        + "every toggle that ran meanwhile: undo only your own change, or keep it."
    ) { story in
      let toggles = Toggles(story: story, failing: ["list"])
      let tasks = [
        toggles.toggle("2021-12-15", in: "list"),
        toggles.toggleLater("2021-12-16", in: "detail"),
      ]
      for task in tasks { await task.value }
      await story.settle()
      let favourites = await toggles.store.favourites
      var problems = toggles.found
      for (lane, date, result) in toggles.all {
        switch (lane, result) {
        case ("list", .success):
          problems.append("the list's toggle of \(date) returned although its write failed")
        case ("detail", .failure(let error)):
          problems.append(
            "the detail screen's toggle of \(date) threw \(error), yet its write worked")
        default: break
        }
      }
      if !favourites.contains("2021-12-16") {
        problems.append(
          "the detail screen added 2021-12-16 and its write was confirmed, but the store no "
            + "longer has it: the heart is empty again")
      }
      if !toggles.persistence.file.contains("2021-12-16") {
        problems.append("the file lost 2021-12-16, which the detail screen added")
      }
      return problems
    },
    ExplorationScenario(
      "write-fails-same-picture",
      summary: "the list's toggle of a picture fails to write while the widget toggles the same "
        + "picture, at any point",
      steps: [
        "list: toggle 2021-12-15; its write fails after 50 ms: toggle(_:) throws",
        "widget: toggle 2021-12-15 too, at any point: before, during or after the list's toggle; "
          + "its write is confirmed",
        "then: when the widget's write is the last one written, the store says of 2021-12-15 "
          + "what the widget wrote, as the file does",
      ],
      advice: toggleAdvice
        + " A failed toggle that toggles again to undo itself undoes the other screen's toggle "
        + "when one ran meanwhile: put back the state this toggle changed (remove what it "
        + "added, add back what it removed), or keep the change."
    ) { story in
      let toggles = Toggles(story: story, failing: ["list"])
      let tasks = [
        toggles.toggle("2021-12-15", in: "list"),
        toggles.toggleLater("2021-12-15", in: "widget"),
      ]
      for task in tasks { await task.value }
      await story.settle()
      let favourites = await toggles.store.favourites
      var problems = toggles.found
      for (lane, date, result) in toggles.all {
        if lane == "widget", case .failure(let error) = result {
          problems.append("the widget's toggle of \(date) threw \(error), yet its write worked")
        }
      }
      // The widget decided last and its write was kept: whatever the list's failure undoes,
      // the picture must end as the widget left it. (When the list decided last, keeping its
      // change and undoing it are both right.)
      let file = toggles.persistence.file
      if toggles.persistence.lastWriteWasKept,
        favourites.contains("2021-12-15") != file.contains("2021-12-15")
      {
        let widgetLeft = file.contains("2021-12-15") ? "added" : "removed"
        problems.append(
          "the widget \(widgetLeft) 2021-12-15 after the list's toggle, and its write was "
            + "confirmed; the list's write then failed, and the store now says the picture is "
            + "\(favourites.contains("2021-12-15") ? "" : "not ")a favourite: the heart shows "
            + "what neither screen did, and a relaunch shows it otherwise")
      }
      return problems
    },
    ExplorationScenario(
      "write-fails-once",
      summary: "the list's first write fails (the disk busy for a moment) while the detail "
        + "screen toggles another picture, at any point",
      steps: [
        "list: toggle 2021-12-15; its write fails after 50 ms, and a write tried again works",
        "detail: toggle 2021-12-16, at any point: before, during or after the list's toggle; "
          + "its write is confirmed",
        "then: 2021-12-16 is a favourite, in the store and in the file",
      ],
      advice: toggleAdvice
        + " A write tried again after a failure must write the favourites as they are then, not "
        + "a copy taken before the await: toggles that ran meanwhile changed them."
    ) { story in
      let toggles = Toggles(story: story, failingOnce: ["list"])
      let tasks = [
        toggles.toggle("2021-12-15", in: "list"),
        toggles.toggleLater("2021-12-16", in: "detail"),
      ]
      for task in tasks { await task.value }
      await story.settle()
      let favourites = await toggles.store.favourites
      var problems = toggles.found
      if !favourites.contains("2021-12-16") {
        problems.append(
          "the detail screen added 2021-12-16 and its write was confirmed, but the store no "
            + "longer has it")
      }
      if !toggles.persistence.file.contains("2021-12-16") {
        problems.append(
          "the detail screen added 2021-12-16 and its write was confirmed, but the file lost "
            + "it: a later write wrote favourites older than the detail screen's")
      }
      return problems
    },
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

/// Persistence that logs every write and confirms it at once.
final class LoggedPersistence: FavouritesPersistence, @unchecked Sendable {
  let writes = EventLog<Set<String>>()

  func write(_ favourites: Set<String>) async throws {
    writes.append(favourites)
  }
}

suite.check("toggling adds, toggling again removes") {
  let persistence = LoggedPersistence()
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

suite.check("toggles that overlap in any order are all kept, each returned once written") {
  exploration.outcome(of: "toggles-overlap")
}

suite.check("overlapping toggles of a favourite remove it once and add it back, in any order") {
  exploration.outcome(of: "favourite-toggles-overlap")
}

suite.check("a failed write keeps the toggles that ran meanwhile, in any order") {
  try await CheckOutcome.all([
    { exploration.outcome(of: "write-fails") },
    { exploration.outcome(of: "write-fails-same-picture") },
    { exploration.outcome(of: "write-fails-once") },
  ])
}

suite.check("FavouritesStore is still an actor") {
  // The explored checks run one job at a time, so an unsynchronized class passes them; the
  // type says what the program will do on many threads.
  .expect(
    (FavouritesStore.self as Any.Type) is any Actor.Type,
    "FavouritesStore is no longer an actor: nothing keeps two threads from changing the set at "
      + "once. Keep the actor, and make each toggle's read, decision and change one step")
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["FavouritesStore.swift"],
    leavesUnfixed: "the data race on the favourites: make FavouritesStore an actor")
}

await suite.run()
