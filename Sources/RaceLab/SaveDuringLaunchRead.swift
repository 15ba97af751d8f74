import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

extension Replay {
  /// What `saveDuringLaunchRead(on:)` saw.
  public struct SaveDuringLaunchReadResult: Sendable {
    /// Whether the file and the model disagreed once the app had gone still: a save was lost.
    public let saveLost: Bool
    /// Whether the launch read could be held while the rest of the app ran (false when the
    /// variant reads the file on the main queue, where holding it would hold everything).
    public let readWasHeld: Bool
    /// How many writes reached the disk while the launch read was held.
    public let writesWhileReading: Int
    /// The caffeine of each drink in the file and in the model, at the end.
    public let file: [Double]
    public let model: [Double]
    /// The replay in a sentence, and when the save was lost, a drawing of the interleaving.
    public let detail: String
  }

  /// The drink list that the replay's file holds at launch: one drink, an hour old.
  nonisolated static let launchFileCaffeine = 64.0
  /// The drink the user adds while the launch read is held.
  nonisolated static let addedCaffeine = 96.0

  /// A save that lands while the launch's `load()` is reading the file.
  ///
  /// The file holds [64 mg] at launch. The replay holds the load's read at the disk, once it has
  /// its bytes, and adds a drink of 96 mg; the read stays held until the rest of the app can do
  /// nothing more without it (`waitUntilStillAroundHeldThread()`): on a variant whose load runs
  /// off the store actor, the drink's save writes [96 mg] and records it before the read goes on;
  /// where the load holds the actor, the save waits for it. Then the app settles and the file is
  /// compared with the model.
  ///
  /// A load that records what it read as the saved value, after a save recorded a newer list,
  /// leaves a stale record: the file holds [96 mg], the record says [64 mg], and when the model
  /// then shows the loaded [64 mg], its save finds "nothing changed" and skips the write. The
  /// file never catches up. A correct store either orders the load with the saves (the after
  /// variant: both on the actor) or lets a save's record win over the load's.
  ///
  /// No sleeps: the read is released when the platform's counts prove the rest of the app still,
  /// so the verdict is the same on a busy machine. The added drink itself is dropped by every
  /// variant (the launch replaces the list with what it loaded: a limit of Apple's design, see
  /// docs/races.md); what is judged is only that the file agrees with the model.
  public static func saveDuringLaunchRead(on variant: Variant) async throws
    -> SaveDuringLaunchReadResult
  {
    let platform = try SimulatedPlatform()
    let now = platform.clock.now
    try platform.documents.seedDrinkList([
      Drink(mgCaffeine: launchFileCaffeine, onDate: now.addingTimeInterval(-3600))
    ])

    let readReached = Gate()
    let drinkAdded = Gate()
    let reads = Counter()
    let readOnMainQueue = Gate()
    // The writes that reached the disk while the read was held.
    let writesBeforeRelease = PlatformLock(0)
    let held = Gate()
    platform.checkpoints.install(at: .fileReadFinishing) {
      guard reads.increment() == 1 else { return }
      // Held on the main queue, the read would hold the replay itself: let it go.
      guard !ExecutionContext.isOnMainQueue else {
        readOnMainQueue.open()
        readReached.open()
        return
      }
      let writesBefore = fileWrites(in: platform)
      held.open()
      readReached.open()
      // A safety net only: the replay opens the gate as soon as its drink is added.
      drinkAdded.wait(timeout: 60)
      _ = platform.waitUntilStillAroundHeldThread()
      let writes = fileWrites(in: platform) - writesBefore
      writesBeforeRelease.withLock { $0 = writes }
    }
    let driver = variant.launch(platform)
    await readReached.opened()
    driver.addDrink(mgCaffeine: addedCaffeine, onDate: now)
    drinkAdded.open()
    try await platform.settle(driver)
    platform.checkpoints.remove(at: .fileReadFinishing)

    let snapshot = Snapshot(of: driver, on: platform)
    let file = snapshot.file.drinks?.map(\.mgCaffeine) ?? []
    let model = snapshot.modelDrinks.map(\.mgCaffeine)
    let saveLost = snapshot.writesLostAtSuspension == 0 && file != model
    let writesWhileReading = writesBeforeRelease.withLock { $0 }
    return SaveDuringLaunchReadResult(
      saveLost: saveLost, readWasHeld: held.isOpen && !readOnMainQueue.isOpen,
      writesWhileReading: writesWhileReading, file: file, model: model,
      detail: saveDuringLaunchReadDetail(
        saveLost: saveLost, readOnMainQueue: readOnMainQueue.isOpen,
        writesWhileReading: writesWhileReading, file: file, model: model))
  }

  /// How many writes reached the disk on `platform` so far.
  nonisolated static func fileWrites(in platform: SimulatedPlatform) -> Int {
    platform.events.all.count { if case .fileWritten = $0.kind { true } else { false } }
  }

  /// The replay's outcome in words, with the interleaving drawn when the save was lost.
  nonisolated static func saveDuringLaunchReadDetail(
    saveLost: Bool, readOnMainQueue: Bool, writesWhileReading: Int, file: [Double],
    model: [Double]
  ) -> String {
    let fileText = CaffeineList(file).description
    let modelText = CaffeineList(model).description
    if readOnMainQueue {
      return "the launch read ran on the main queue, so it could not be held while a save ran; "
        + "file \(fileText), model \(modelText)"
    }
    guard saveLost else {
      return writesWhileReading > 0
        ? "a save landed while load() was reading, and the file still agrees with the model: "
          + "\(fileText)"
        : "no save could land while load() was reading (the store ordered them), and the file "
          + "agrees with the model: \(fileText)"
    }
    let launch = CaffeineList([launchFileCaffeine]).description
    let added = CaffeineList([addedCaffeine]).description
    // Two ways to get there: the save landed while the read was held and the load recorded
    // over it, or the save waited behind the read and wrote after the load's record.
    let lanes =
      writesWhileReading > 0
      ? [
        "  load() at launch                        addDrink(\(added)): the save",
        "  ──────────────────────────────────────  ───────────────────────────────────",
        "  1 reads the file: \(launch)",
        "                                          2 writes \(added), records it as saved",
        "  3 records \(launch) as saved  ← stale",
        "  4 the model shows \(launch); its save compares it with the stale record,",
        "    finds nothing changed, and skips the write",
      ]
      : [
        "  load() at launch                        addDrink(\(added)): the save",
        "  ──────────────────────────────────────  ───────────────────────────────────",
        "  1 reads the file: \(launch)",
        "                                          2 waits behind the read",
        "  3 records \(launch) as saved; the model",
        "    shows it, and its save finds nothing",
        "    changed",
        "                                          4 writes \(added) after all",
      ]
    return "a save was lost: the file holds \(fileText) while the model shows \(modelText). "
      + (writesWhileReading > 0
        ? "load() recorded the list it had read after a save had recorded a newer one:\n"
        : "a save queued while load() was reading wrote after load() had recorded its list:\n")
      + lanes.joined(separator: "\n")
  }
}

/// A list of caffeine amounts as a learner reads it: "[64 mg, 96 mg]", "nothing".
struct CaffeineList: CustomStringConvertible {
  let amounts: [Double]

  init(_ amounts: [Double]) {
    self.amounts = amounts
  }

  var description: String {
    amounts.isEmpty
      ? "no drinks"
      : "[" + amounts.map { "\(Int($0.rounded())) mg" }.joined(separator: ", ") + "]"
  }
}
