import CoffeeDomain
import Foundation

/// The small interface through which the lab drives one variant of the Coffee Tracker: the
/// before app, the after app, or a learner's work in progress.
///
/// Everything else a scenario does goes through the platform (application state, background
/// refresh, other devices' health data), so it is the same for every variant.
@MainActor
public protocol CoffeeTrackerDriver: AnyObject {
  /// Builds a new app instance on `platform` and launches it, as watchOS would: the model starts
  /// loading, and the extension delegate and complication data source are registered.
  static func launch(on platform: SimulatedPlatform) -> Self

  /// The drinks the model holds now.
  var currentDrinks: [Drink] { get }

  /// The user adds a drink from the menu.
  func addDrink(mgCaffeine: Double, onDate date: Date)

  /// Asks the app's health controller for authorization; `completion` gets the answer.
  func requestAuthorization(completion: @escaping @Sendable (Bool) -> Void)

  /// Asks the app's health controller to load new health data; `completion` gets whether the
  /// load succeeded.
  func loadNewDataFromHealthKit(completion: @escaping @Sendable (Bool) -> Void)

  /// Returns once the work already queued on the app's own queues and actors has run, so the
  /// lab can tell when the app has gone still. It must not change what the app does.
  func drainAppExecutors() async
}
