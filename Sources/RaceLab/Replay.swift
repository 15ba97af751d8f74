import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

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
    RaceCatalog.entries.filter { $0.replay != nil }
  }

  /// Replays `entry` on the before side (`before: true`) or the after side. The before side is
  /// the entry's own when it has one (a minimal copy of the code with the defect), else the
  /// before variant.
  public static func run(_ entry: RaceEntry, before: Bool) async throws -> ReplayResult {
    if before, let beforeSide = entry.replay?.beforeSide {
      let (shown, detail) = try await beforeSide()
      return ReplayResult(entry: entry, side: "before", symptomShown: shown, detail: detail)
    }
    return try await run(entry, on: before ? .before : .after)
  }

  /// Replays `entry` on any variant: the before or after app, or a learner's exercise.
  public static func run(_ entry: RaceEntry, on variant: Variant) async throws -> ReplayResult {
    guard let replay = entry.replay else { throw ReplayError.noReplay(entry.id) }
    let (shown, detail) = try await replay.onVariant(variant)
    return ReplayResult(entry: entry, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// The entries the catalog says ThreadSanitizer catches: each has a schedule that forces its
  /// racing accesses with nothing ordering them, so that the sanitizer sees them every run.
  public nonisolated static var threadSanitizerSchedules: [RaceEntry] {
    RaceCatalog.entries.filter { $0.threadSanitizerSchedule != nil }
  }

  /// Runs the schedule that shows `entry`'s racing accesses to ThreadSanitizer on `variant`.
  /// Run it in a binary built with `--sanitize=thread`: the verdict is the sanitizer's report.
  public static func runForThreadSanitizer(_ entry: RaceEntry, on variant: Variant) async throws
    -> ReplayResult
  {
    guard let schedule = entry.threadSanitizerSchedule else {
      throw ReplayError.noReplay(entry.id)
    }
    let (shown, detail) = try await schedule(variant)
    return ReplayResult(entry: entry, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// How long a gate waits for a step that the variant may never take.
  nonisolated static let safetyTimeout: TimeInterval = 1
  /// The same, for the schedules ThreadSanitizer's verdict rests on: generous, because a
  /// ThreadSanitizer build on a busy machine is slow, and the before side's step always comes.
  nonisolated static let threadSanitizerPatience: TimeInterval = 5

  /// A new platform with `variant` launched on it and settled: where a replay starts.
  static func launchSettled(
    _ variant: Variant
  ) async throws -> (SimulatedPlatform, any CoffeeTrackerDriver) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    return (platform, driver)
  }

  /// Removes every checkpoint a replay installs, so that the app can go still.
  static func removeAllCheckpoints(on platform: SimulatedPlatform) {
    for checkpoint: Checkpoint in [
      .fileWriteStarting, .fileWriteFinishing, .publishedValueStored, .appSuspended,
      .healthCallbackDelivering(.query), .healthCallbackReturned(.query),
    ] {
      platform.checkpoints.remove(at: checkpoint)
    }
  }
}
