import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

extension Replay {
  /// What the app does to its drink list while the write of a save is held at the disk.
  public enum WhileSaveInFlight: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A second drink is added: a second save is sent while the first is in flight.
    case secondSave = "a second save while the first is in flight"
    /// The drink just added is deleted in Health and the app syncs: the list changes back to
    /// what the file held before, while the save of the changed list is in flight.
    case listChangesBack = "a list that changes and changes back while its save is in flight"

    public var description: String { rawValue }
  }

  /// What `saveInFlight(_:on:)` saw.
  public struct SaveInFlightResult: Sendable {
    public let action: WhileSaveInFlight
    /// Whether the file and the model disagreed once the app had gone still: a save was lost,
    /// or an older list landed last.
    public let fileDiffersFromModel: Bool
    /// Whether a write was held: without one, the replay proved nothing.
    public let writeWasHeld: Bool
    /// Whether the save wrote on the main queue, where it cannot be held without holding the
    /// replay itself (then `writeWasHeld` is false).
    public let writeRanOnMainQueue: Bool
    public let file: [Double]
    public let model: [Double]
    public let detail: String
  }

  /// Holds the write of a save at the disk, as it starts, and changes the drink list while it is
  /// held; lets it go only when the rest of the app can do nothing more without it
  /// (`waitUntilStillAroundHeldThread()`), then settles and compares the file with the model.
  ///
  /// The app has one drink of 64 mg, saved. The user adds 96 mg: its save's write is held. Then,
  /// depending on `action`, the user adds 128 mg (a second save, which a store that orders its
  /// saves makes wait, and a store that does not writes first, so that the held, older list lands
  /// last), or deletes the 96 mg drink in Health and the app syncs (the list is [64 mg] again: a
  /// store that compares it with a record the held save has not yet updated finds "nothing
  /// changed", and the held [64 mg, 96 mg] lands last).
  ///
  /// No sleeps: the hold ends when the platform's counts prove the rest of the app still.
  public static func saveInFlight(_ action: WhileSaveInFlight, on variant: Variant) async throws
    -> SaveInFlightResult
  {
    let (platform, driver) = try await launchSettled(variant)
    let now = platform.clock.now
    driver.addDrink(mgCaffeine: 64, onDate: now.addingTimeInterval(-3600))
    try await platform.settle(driver)

    let writeHeld = Gate()
    let changed = Gate()
    let writes = Counter()
    let writeOnMainQueue = Gate()
    platform.checkpoints.install(at: .fileWriteStarting) {
      guard writes.increment() == 1 else { return }
      // Held on the main queue, the write would hold the replay itself: let it go.
      guard !ExecutionContext.isOnMainQueue else {
        writeOnMainQueue.open()
        writeHeld.open()
        return
      }
      writeHeld.open()
      // A safety net only: the replay opens the gate as soon as it has changed the list.
      changed.wait(timeout: 60)
      // The held write counts as platform work in flight from its start.
      _ = platform.waitUntilStillAroundHeldThread(heldPlatformWork: 1)
    }
    driver.addDrink(mgCaffeine: 96, onDate: now)
    await writeHeld.opened()
    switch action {
    case .secondSave:
      driver.addDrink(mgCaffeine: 128, onDate: now)
    case .listChangesBack:
      // The drink's sample reaches Health on the store's own queue, before the held write on
      // the after variant and beside it on the before one: wait for it there (a safety net
      // bounds the wait; the sample always comes).
      let store = platform.healthStore
      let isAddedDrink = { (sample: CaffeineSample) in
        sample.source == store.appSource && sample.mgCaffeine == 96
      }
      _ = platform.events.wait(since: 0, timeout: 60) { _ in
        store.samples.contains(where: isAddedDrink)
      }
      if let added = store.samples.last(where: isAddedDrink) {
        store.deleteSample(uuid: added.uuid)
      }
      driver.loadNewDataFromHealthKit { _ in }
    }
    changed.open()
    try await platform.settle(driver)
    platform.checkpoints.remove(at: .fileWriteStarting)

    let snapshot = Snapshot(of: driver, on: platform)
    let file = snapshot.file.drinks?.map(\.mgCaffeine) ?? []
    let model = snapshot.modelDrinks.map(\.mgCaffeine)
    let differs = snapshot.writesLostAtSuspension == 0 && file != model
    guard !writeOnMainQueue.isOpen else {
      return SaveInFlightResult(
        action: action, fileDiffersFromModel: differs, writeWasHeld: false,
        writeRanOnMainQueue: true, file: file, model: model,
        detail: "\(action): the save wrote on the main queue, where nothing can hold it without "
          + "holding the whole app (and where it blocks the interface): keep the disk I/O on the "
          + "store actor")
    }
    let fileText = CaffeineList(file).description
    let modelText = CaffeineList(model).description
    let detail =
      differs
      ? "\(action): the file holds \(fileText) while the model shows \(modelText). The held "
        + "write of [64 mg, 96 mg] landed after the app's last change"
        + (action == .secondSave
          ? ": the saves were not ordered, and the older list was written last."
          : ", and the save of the list changed back was skipped as \"nothing changed\" (it was "
            + "compared with a record the held save had not updated yet), or overtaken.")
      : "\(action): the file agrees with the model: \(fileText)"
    return SaveInFlightResult(
      action: action, fileDiffersFromModel: differs, writeWasHeld: writeHeld.isOpen,
      writeRanOnMainQueue: false, file: file, model: model, detail: detail)
  }
}
