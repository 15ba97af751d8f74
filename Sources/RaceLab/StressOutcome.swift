import CoffeeScenarios
import SimulatedPlatform

/// What one stress iteration left once the app had gone still: what the invariants read.
public struct StressOutcome: Sendable {
  /// The app at the end of the iteration.
  public let snapshot: Snapshot
  /// Every platform event of the iteration, in order.
  public let events: [PlatformEvent]
  /// The reads of published properties made off the main queue, each with its place among
  /// `events`: what ties a file that differs from the model to the saved-value race.
  public let offMainReads: [PublishedChangeRecorder.OffMainRead]
  /// How many drinks the model must hold: every drink the user added, and another device's
  /// samples when the app may read them.
  public let expectedDrinks: Int
  /// How many authorization requests the app never answered.
  public let unansweredAuthorizationRequests: Int
  /// Whether health data was unavailable or the store answered authorization with an error.
  public let authorizationCannotSucceed: Bool
}
