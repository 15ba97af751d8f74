import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

extension Replay {
  /// What `healthLoadDuringLaunchRead(on:)` saw.
  public struct HealthLoadDuringLaunchReadResult: Sendable {
    /// Whether the other device's sample is missing from the model once the app is still.
    public let sampleLost: Bool
    /// Whether the launch read could be held (false when it ran on the main queue).
    public let readWasHeld: Bool
    public let model: [Double]
    public let detail: String
  }

  /// The caffeine of the sample another device saved before the launch.
  nonisolated static let otherDeviceCaffeine = 47.0

  /// The launch's health load must not land before the launch's disk read.
  ///
  /// The file holds [64 mg] and Health holds a 47 mg sample from another device, both from the
  /// last hours. The replay holds the launch's read at the disk, once it has its bytes, until the
  /// rest of the app can do nothing more without it: an app that starts its health load beside
  /// the read (an `async let`, a `Task`) merges the sample first, and then the read's list
  /// replaces the model's, and the sample is gone for good (the query's anchor has moved past
  /// it). The after variant loads from Health only once the list is loaded, so the model ends
  /// with both drinks.
  public static func healthLoadDuringLaunchRead(on variant: Variant) async throws
    -> HealthLoadDuringLaunchReadResult
  {
    let platform = try SimulatedPlatform()
    let now = platform.clock.now
    try platform.documents.seedDrinkList([
      Drink(mgCaffeine: launchFileCaffeine, onDate: now.addingTimeInterval(-3600))
    ])
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: otherDeviceCaffeine, date: now.addingTimeInterval(-1800))

    let reads = Counter()
    let held = Gate()
    platform.checkpoints.install(at: .fileReadFinishing) {
      guard reads.increment() == 1, !ExecutionContext.isOnMainQueue else { return }
      held.open()
      _ = platform.waitUntilStillAroundHeldThread()
    }
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    platform.checkpoints.remove(at: .fileReadFinishing)

    let model = Snapshot(of: driver, on: platform).modelDrinks.map(\.mgCaffeine)
    let sampleLost = !model.contains(otherDeviceCaffeine)
    let modelText = CaffeineList(model).description
    let sample = CaffeineList([otherDeviceCaffeine]).description
    let detail =
      sampleLost
      ? "the model shows \(modelText): the other device's \(sample) is gone. The launch's health "
        + "load answered while the disk read was still held, merged the sample into the model, "
        + "and then the list read from disk replaced the model's; the query's anchor had moved "
        + "past the sample, so no later load brings it back:\n"
        + "  launch: load()                          health load\n"
        + "  ──────────────────────────────────────  ───────────────────────────────────\n"
        + "  1 reads the file: [64 mg] (held)\n"
        + "                                          2 query answers +\(sample), anchor moves on\n"
        + "                                          3 the model shows \(sample)\n"
        + "  4 the model is set to [64 mg]: \(sample) lost"
      : "the model shows \(modelText): the file's drink and the other device's sample"
    return HealthLoadDuringLaunchReadResult(
      sampleLost: sampleLost, readWasHeld: held.isOpen, model: model, detail: detail)
  }
}
