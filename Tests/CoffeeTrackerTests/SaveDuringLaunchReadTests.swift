import CoffeeScenarios
import Testing

@testable import RaceLab

/// A save that lands while the launch's load is reading the file (`Replay.saveDuringLaunchRead`).
/// The before variant loses it: its save waits on the background queue behind the held read,
/// and lands after the main queue recorded the loaded list as saved. The after variant may not:
/// its load reads and records on the store actor, ordered with every save. Each run in a process
/// of its own, so that a crash fails this case by name and the rest of the run reports.
@Suite("A save during the launch read", .timeLimit(.minutes(5)))
struct SaveDuringLaunchReadTests {
  @Test("The before variant loses the save, every run")
  func beforeLosesIt() async {
    await #expect(processExitsWith: .success) {
      let result = try await Replay.saveDuringLaunchRead(on: .before)
      #expect(result.readWasHeld, "\(result.detail)")
      #expect(result.saveLost, "\(result.detail)")
    }
  }

  @Test("The after variant keeps it: the file agrees with the model")
  func afterKeepsIt() async {
    await #expect(processExitsWith: .success) {
      let result = try await Replay.saveDuringLaunchRead(on: .after)
      // The replay must have held the read: a read on the main queue would prove nothing.
      #expect(result.readWasHeld, "\(result.detail)")
      #expect(!result.saveLost, "\(result.detail)")
    }
  }

  @Test("The drawing names the stale record")
  func drawing() {
    let detail = Replay.saveDuringLaunchReadDetail(
      saveLost: true, readOnMainQueue: false, writesWhileReading: 1, file: [96], model: [64])
    #expect(detail.contains("the file holds [96 mg] while the model shows [64 mg]"))
    #expect(detail.contains("records [64 mg] as saved  ← stale"))
  }
}

/// Saves in flight (`Replay.saveInFlight`): a second save while the first is held at the disk,
/// and a list that changes back while its save is held. The before variant loses the second
/// (its main queue compares the list with a `savedValue` the held save has not updated: the
/// saved-value race of the catalog, another interleaving); the after variant's actor orders
/// every save, compare and record together.
@Suite("Saves in flight", .timeLimit(.minutes(5)))
struct SavesInFlightTests {
  @Test("The after variant's file ends as its model", arguments: Replay.WhileSaveInFlight.allCases)
  func afterKeepsOrder(_ action: Replay.WhileSaveInFlight) async {
    await #expect(processExitsWith: .success) { [action = action.rawValue as String] in
      let action = try #require(Replay.WhileSaveInFlight(rawValue: action))
      let result = try await Replay.saveInFlight(action, on: .after)
      #expect(result.writeWasHeld, "\(result.detail)")
      #expect(!result.fileDiffersFromModel, "\(result.detail)")
    }
  }

  @Test("The before variant keeps a second save, and loses a list changed back")
  func before() async {
    await #expect(processExitsWith: .success) {
      let second = try await Replay.saveInFlight(.secondSave, on: .before)
      #expect(second.writeWasHeld && !second.fileDiffersFromModel, "\(second.detail)")
      let back = try await Replay.saveInFlight(.listChangesBack, on: .before)
      #expect(back.writeWasHeld && back.fileDiffersFromModel, "\(back.detail)")
    }
  }
}

/// The launch's health load against its held disk read (`Replay.healthLoadDuringLaunchRead`):
/// both variants load from Health only once the list is read, so the other device's sample stays.
@Suite("The launch's health load and its disk read", .timeLimit(.minutes(5)))
struct HealthLoadDuringLaunchReadTests {
  @Test("Neither variant loses a sample to the launch's list", arguments: ["before", "after"])
  func sampleKept(_ variantName: String) async {
    await #expect(processExitsWith: .success) { [variantName = variantName as String] in
      let variant: Variant = variantName == "before" ? .before : .after
      let result = try await Replay.healthLoadDuringLaunchRead(on: variant)
      #expect(result.readWasHeld, "\(variantName): \(result.detail)")
      #expect(!result.sampleLost, "\(variantName): \(result.detail)")
      #expect(result.model.count == 2, "\(variantName): \(result.detail)")
    }
  }
}
