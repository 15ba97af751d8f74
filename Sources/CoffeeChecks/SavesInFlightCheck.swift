import CoffeeScenarios
import LabCheckKit
import RaceLab

/// The check of the steps whose saves are async (07 on): saves sent while another is held at
/// the disk land in order, and a list that changes back while its save is in flight is saved
/// again. The after variant passes both: its actor runs each save's compare, write and record
/// as one step, in the order they were sent.
@MainActor
public enum SavesInFlightCheck {
  /// The check's title, as `exercises.json` names it.
  public static let title = "saves in flight land in order, and the file ends as the model's list"

  /// Passes when `Replay.saveInFlight` leaves the file agreeing with the model for every action.
  public static func outcome(on variant: Variant) async throws -> CheckOutcome {
    var failures: [String] = []
    for action in Replay.WhileSaveInFlight.allCases {
      let result = try await Replay.saveInFlight(action, on: variant)
      guard result.writeWasHeld else {
        failures.append(
          result.writeRanOnMainQueue
            ? result.detail : "\(action): no write reached the disk, so nothing could be held")
        continue
      }
      if result.fileDiffersFromModel { failures.append(result.detail) }
    }
    guard !failures.isEmpty else { return .pass }
    return .fail(
      failures.joined(separator: "\n")
        + "\nEach save is a compare, a write and a record: run them as one step, in the order the "
        + "saves were sent (on the store actor), so that a later save waits for the one in flight.")
  }
}
