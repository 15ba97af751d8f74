import CoffeeScenarios
import LabCheckKit
import RaceLab

/// The check that the launch loads from Health only after its disk read: a health load that
/// answers first has its samples replaced by the list read from disk, and they never come back.
@MainActor
public enum HealthLoadDuringLaunchReadCheck {
  /// The check's title, as `exercises.json` names it.
  public static let title = "the launch loads from Health only once the saved list is loaded"

  /// Passes when `Replay.healthLoadDuringLaunchRead` keeps the other device's sample.
  public static func outcome(on variant: Variant) async throws -> CheckOutcome {
    let result = try await Replay.healthLoadDuringLaunchRead(on: variant)
    guard result.sampleLost else { return .pass }
    return .fail(
      result.detail + "\n"
        + "Load from Health after `await store.load()` has returned and the model holds the list "
        + "it read, in the same task: the health load then merges into that list.")
  }
}
