import CoffeeDomain
import Foundation
import SimulatedPlatform

/// Drives the after app for the lab's scenarios.
public final class LabDriver: CoffeeTrackerDriver {
  private let app: CoffeeTrackerApp

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
    let healthKitController = app.model.healthKitController
    Task { completion(await healthKitController.requestAuthorization()) }
  }

  public func loadNewDataFromHealthKit(completion: @escaping @Sendable (Bool) -> Void) {
    let healthKitController = app.model.healthKitController
    Task { completion(await healthKitController.loadNewDataFromHealthKit()) }
  }

  /// The app's own executors are its two actors; the lab drains the main queue itself.
  public func drainAppExecutors() async {
    await app.model.healthKitController.drain()
    await app.model.store.drain()
  }
}

extension HealthKitController {
  /// Returns once the jobs enqueued on this actor before the call have run.
  fileprivate func drain() {}
}

extension CoffeeDataStore {
  /// Returns once the jobs enqueued on this actor before the call have run.
  fileprivate func drain() {}
}
