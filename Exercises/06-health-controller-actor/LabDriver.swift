import CoffeeDomain
import Foundation
import SimulatedPlatform

/// Drives this exercise's app for the lab's checks. Not part of the exercise: leave it as it is.
public final class LabDriver: CoffeeTrackerDriver {
  // Internal, so that the exercise checks can reach the app (with @testable import).
  let app: CoffeeTrackerApp

  private init(app: CoffeeTrackerApp) {
    self.app = app
  }

  public static func launch(on platform: SimulatedPlatform) -> LabDriver {
    LabDriver(app: CoffeeTrackerApp(platform: platform))
  }

  public var currentDrinks: [Drink] { app.model.currentDrinks }

  public func addDrink(mgCaffeine: Double, onDate date: Date) {
    app.model.addDrink(mgCaffeine: mgCaffeine, onDate: date)
  }

  public func requestAuthorization(completion: @escaping @Sendable (Bool) -> Void) {
    app.model.healthKitController.requestAuthorization(completionHandler: completion)
  }

  public func loadNewDataFromHealthKit(completion: @escaping @Sendable (Bool) -> Void) {
    app.model.healthKitController.loadNewDataFromHealthKit(completionHandler: completion)
  }

  /// The app's own executors are the model's background queue and, once it is an actor, the
  /// health controller; the lab drains the main queue itself.
  public func drainAppExecutors() async {
    await withCheckedContinuation { continuation in
      app.model.background.async { continuation.resume() }
    }
    await app.model.healthKitController.drain()
  }
}

extension HealthKitController {
  /// Returns once the jobs enqueued on this actor before the call have run. (While the
  /// controller is still a class, a plain call that returns at once.)
  func drain() {}
}
