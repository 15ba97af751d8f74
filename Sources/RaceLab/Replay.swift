import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// What a deterministic replay of a catalog entry showed on one side.
public struct ReplayResult: Sendable {
  public let entry: RaceEntry
  /// "before" or "after"; for the reentrancy entry, "before" is the talk's end state.
  public let side: String
  /// Whether the entry's symptom appeared.
  public let symptomShown: Bool
  /// What was observed, in a sentence.
  public let detail: String
}

/// Forces the interleaving of each catalog entry through the platform's checkpoints, on the
/// before or the after side, and reports whether the symptom appeared.
///
/// No sleeps: gates hold one thread until another has reached a point. Where the after variant
/// never lets the other side come (its loads are chained; its writes finish before the task
/// completes), the gate gives up after a short safety timeout and the replay goes on: the
/// outcome, not the time, is what the replay checks.
@MainActor
public enum Replay {
  /// The entries that have a replay.
  public nonisolated static var replayable: [RaceEntry] {
    RaceCatalog.entries.filter { $0.detectors.contains(.replay) }
  }

  /// Replays `entry` on the before side (`before: true`) or the after side.
  public static func run(_ entry: RaceEntry, before: Bool) async throws -> ReplayResult {
    if before && entry.id == RaceCatalog.reentrantAnchorAcrossAwait.id {
      let (shown, detail) = try await talkEndStateReentrancy()
      return ReplayResult(entry: entry, side: "before", symptomShown: shown, detail: detail)
    }
    if before && entry.id == RaceCatalog.nonsendingIOOnMain.id {
      let (shown, detail) = try await nonsendingLoaderReadsOnMain()
      return ReplayResult(entry: entry, side: "before", symptomShown: shown, detail: detail)
    }
    return try await run(entry, on: before ? .before : .after)
  }

  /// Replays `entry` on any variant: the before or after app, or a learner's exercise. For the
  /// reentrancy entry, the variant's own loads are replayed under the overlapping schedule.
  public static func run(_ entry: RaceEntry, on variant: Variant) async throws -> ReplayResult {
    let (shown, detail): (Bool, String)
    switch entry.id {
    case RaceCatalog.savedValueRace.id: (shown, detail) = try await savedValueRace(on: variant)
    case RaceCatalog.overlappingLoads.id:
      // Two loads, then three: a fix that handles one load waiting behind another (a single
      // "previous load" slot, a busy flag) can still let the third one through.
      let two = try await overlappingLoads(on: variant, count: 2)
      let three = try await overlappingLoads(on: variant, count: 3)
      (shown, detail) = (two.0 || three.0, "two loads: \(two.1); three loads: \(three.1)")
    case RaceCatalog.blockingIOOnMain.id: (shown, detail) = try await blockingIOOnMain(on: variant)
    case RaceCatalog.writeLostAtSuspension.id:
      (shown, detail) = try await writeLostAtSuspension(on: variant)
    case RaceCatalog.authorizationNeverAnswered.id:
      (shown, detail) = try await authorizationNeverAnswered(on: variant)
    case RaceCatalog.reentrantAnchorAcrossAwait.id:
      (shown, detail) = try await overlappingLoads(on: variant, count: 2)
    case RaceCatalog.nonsendingIOOnMain.id:
      (shown, detail) = try await launchReadOnMain(on: variant)
    default:
      throw ReplayError.noReplay(entry.id)
    }
    return ReplayResult(entry: entry, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// The entries the catalog says ThreadSanitizer catches: each has a schedule that forces its
  /// racing accesses with nothing ordering them, so that the sanitizer sees them every run.
  public nonisolated static var threadSanitizerSchedules: [RaceEntry] {
    RaceCatalog.entries.filter { $0.detectors.contains(.threadSanitizer) }
  }

  /// Runs the schedule that shows `entry`'s racing accesses to ThreadSanitizer on `variant`.
  /// Run it in a binary built with `--sanitize=thread`: the verdict is the sanitizer's report.
  public static func runForThreadSanitizer(_ entry: RaceEntry, on variant: Variant) async throws
    -> ReplayResult
  {
    let (shown, detail): (Bool, String)
    switch entry.id {
    case RaceCatalog.healthStateOnCallbackQueues.id:
      (shown, detail) = try await anchorWrittenOnTwoCallbackQueues(on: variant)
    default: throw ReplayError.noReplay(entry.id)
    }
    return ReplayResult(entry: entry, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// How long a gate waits for a step that the variant may never take.
  nonisolated static let safetyTimeout: TimeInterval = 1
  /// The same, for the schedules ThreadSanitizer's verdict rests on: generous, because a
  /// ThreadSanitizer build on a busy machine is slow, and the before side's step always comes.
  nonisolated static let threadSanitizerPatience: TimeInterval = 5

  // MARK: The replays

  /// Add A, hold its background write at the disk; add B and, once B is stored but before its
  /// `didSet`, let A's write finish and record `savedValue`.
  static func savedValueRace(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)

    let firstWriteOnDisk = Gate()
    let releaseFirstWrite = Gate()
    let writes = Counter()
    let stores = Counter()
    platform.checkpoints.install(at: .fileWriteFinishing) {
      guard writes.increment() == 1 else { return }
      firstWriteOnDisk.open()
      releaseFirstWrite.wait(timeout: 5)
    }
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    await firstWriteOnDisk.opened()

    platform.checkpoints.install(at: .publishedValueStored) {
      guard stores.increment() == 1 else { return }
      let mark = platform.events.count
      releaseFirstWrite.open()
      // Hold the main queue until the first write has returned to the app and it logged so.
      _ = platform.events.wait(since: mark, timeout: 5) { event in
        if case .log(_, _, "Saved!") = event.kind { true } else { false }
      }
    }
    driver.addDrink(mgCaffeine: 128, onDate: platform.clock.now)
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let snapshot = Snapshot(of: driver, on: platform)
    let file = snapshot.file.drinks?.map(\.mgCaffeine) ?? []
    let model = snapshot.modelDrinks.map(\.mgCaffeine)
    return (file != model, "model \(model), file \(file)")
  }

  /// Replays `count` overlapping loads on `variant` (the overlapping-loads entry replays two,
  /// then three).
  public static func runOverlappingLoads(count: Int, on variant: Variant) async throws
    -> ReplayResult
  {
    let (shown, detail) = try await overlappingLoads(on: variant, count: count)
    return ReplayResult(
      entry: RaceCatalog.overlappingLoads, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// `count` loads whose queries are all issued before any answers: every answer but the last
  /// waits at the platform until the last one is ready.
  static func overlappingLoads(on variant: Variant, count: Int) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))

    let queries = Counter()
    let lastAnswerReady = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if queries.increment() < count {
        lastAnswerReady.wait(timeout: safetyTimeout)
      } else {
        lastAnswerReady.open()
      }
    }
    for _ in 0..<count { driver.loadNewDataFromHealthKit { _ in } }
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let drinks = driver.currentDrinks
    let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
    return (duplicates > 0, "\(drinks.count) drinks for 1 sample, \(duplicates) duplicated")
  }

  // MARK: Schedules for ThreadSanitizer
  //
  // ThreadSanitizer reports two accesses when no happens-before edge orders them. Every lock
  // the platform takes (its event log, its activity count) is such an edge, so is a queue hop
  // to the main queue, and so, in a debug build on Linux, is every access to a lazily
  // initialized global or static (swift_once; measured with a two-thread probe on Swift 6.3).
  // These schedules therefore hold each racing thread at a checkpoint whose next instruction
  // is the app's, at gates that do not synchronize, and hold the main queue until both
  // accesses are made.

  /// Two query callbacks that both write the query anchor: the first waits at delivery until
  /// the second has returned; the second waits after returning until the first has returned
  /// too; the main queue (which the callbacks hop to) is held throughout. Shown: whether the
  /// two callbacks overlapped as forced.
  static func anchorWrittenOnTwoCallbackQueues(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))

    let delivered = Counter()
    let returned = Counter()
    let secondReturned = Gate(synchronizes: false)
    let firstReturned = Gate(synchronizes: false)
    let heldAtDelivery = Gate(synchronizes: false)
    let bothReturned = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if delivered.increment() == 1, secondReturned.wait(timeout: threadSanitizerPatience) {
        heldAtDelivery.open()
      }
    }
    platform.checkpoints.install(at: .healthCallbackReturned(.query)) {
      if returned.increment() == 1 {
        secondReturned.open()
        firstReturned.wait(timeout: threadSanitizerPatience)
      } else {
        firstReturned.open()
        bothReturned.open()
      }
    }
    driver.loadNewDataFromHealthKit { _ in }
    driver.loadNewDataFromHealthKit { _ in }
    // Hold the main queue: the first callback to return posts its update there, and running
    // it would order that callback's write before the other's.
    bothReturned.wait(timeout: 3 * threadSanitizerPatience)
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)
    return heldAtDelivery.isOpen
      ? (true, "two query callbacks ran at once, each with the anchor to write")
      : (false, "the query callbacks ran one after the other")
  }

  /// A drink added while the app is in the background.
  static func blockingIOOnMain(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    platform.runtime.setApplicationState(.background)
    driver.addDrink(mgCaffeine: 192, onDate: platform.clock.now)
    try await platform.settle(driver)
    let count = Snapshot(of: driver, on: platform).blockingIOOnMainQueue
    return (count > 0, "\(count) file operations on the main queue")
  }

  /// A refresh task while the app is inactive; every write is held until the task is completed.
  static func writeLostAtSuspension(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    platform.runtime.setApplicationState(.inactive)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 128, date: platform.clock.now.addingTimeInterval(-20 * 60))

    let suspended = Gate()
    platform.checkpoints.install(at: .appSuspended) { suspended.open() }
    platform.checkpoints.install(at: .fileWriteStarting) { suspended.wait(timeout: safetyTimeout) }
    platform.runtime.deliverBackgroundRefresh()
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let lost = Snapshot(of: driver, on: platform).writesLostAtSuspension
    return (lost > 0, "\(lost) writes lost at suspension")
  }

  /// An authorization request while health data is unavailable.
  static func authorizationNeverAnswered(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    platform.healthStore.configure { $0.isHealthDataAvailable = false }
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    let answered = Gate()
    driver.requestAuthorization { _ in answered.open() }
    try await platform.settle(driver)
    return (
      !answered.isOpen, answered.isOpen ? "answered" : "never answered, after the app went still"
    )
  }

  /// The talk's end state under the overlapping-loads schedule.
  static func talkEndStateReentrancy() async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))
    try await platform.healthStore.requestAuthorization()
    let loader = TalkEndStateLoader(platform: platform)

    let queries = Counter()
    let secondAnswerReady = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if queries.increment() == 1 {
        secondAnswerReady.wait(timeout: safetyTimeout)
      } else {
        secondAnswerReady.open()
      }
    }
    async let first = loader.loadNewDataFromHealthKit()
    async let second = loader.loadNewDataFromHealthKit()
    _ = await (first, second)
    removeAllCheckpoints(on: platform)

    let drinks = await loader.drinks
    let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
    return (duplicates > 0, "\(drinks.count) drinks for 1 sample, \(duplicates) duplicated")
  }

  private static func removeAllCheckpoints(on platform: SimulatedPlatform) {
    for checkpoint: Checkpoint in [
      .fileWriteStarting, .fileWriteFinishing, .publishedValueStored, .appSuspended,
      .healthCallbackDelivering(.query), .healthCallbackReturned(.query),
    ] {
      platform.checkpoints.remove(at: checkpoint)
    }
  }
}

/// A replay that cannot run.
public enum ReplayError: Error, CustomStringConvertible {
  case noReplay(String)

  public var description: String {
    switch self {
    case .noReplay(let id): "the catalog entry \(id) has no deterministic replay"
    }
  }
}
