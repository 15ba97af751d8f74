import CoffeeScenarios
import LabCheckKit
import RaceLab

/// The check of the steps whose store reads the file off its actor (14 on): a save that lands
/// while the launch's `load()` reads must still reach the disk, as on the after variant, where
/// the read and its record are one step of the actor.
@MainActor
public enum SaveDuringLaunchReadCheck {
  /// The check's title, as `exercises.json` names it.
  public static let title = "a save that lands while load() reads the file still reaches the disk"

  /// Passes when `Replay.saveDuringLaunchRead` leaves the file agreeing with the model.
  public static func outcome(on variant: Variant) async throws -> CheckOutcome {
    let result = try await Replay.saveDuringLaunchRead(on: variant)
    guard result.saveLost else { return .pass }
    return .fail(
      result.detail + "\n"
        + "The read and the record are two steps now, and a save can come between them: record "
        + "the list read only if no save has recorded one yet (a savedValue that is nil until the "
        + "store knows what the file holds), testing and setting it in one step, on the actor or "
        + "inside one withLock. (Or read on the actor again, and wait behind the saves.)")
  }
}
