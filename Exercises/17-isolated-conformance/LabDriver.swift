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
    let healthKitController = app.model.healthKitController
    Task { completion(await healthKitController.requestAuthorization()) }
  }

  public func loadNewDataFromHealthKit(completion: @escaping @Sendable (Bool) -> Void) {
    let healthKitController = app.model.healthKitController
    Task { completion(await healthKitController.loadNewDataFromHealthKit()) }
  }

  /// The app's own executors: the health controller actor, and whatever the model keeps for its
  /// disk I/O (a background queue until exercise 07, the store actor from then on). The model's
  /// are found by reflection, so that this file builds on both sides of that change.
  public func drainAppExecutors() async {
    // The health controller is an actor from exercise 06 on (and stays a class in a wrong answer
    // that puts it on the main actor instead): drain it only if it is one.
    let healthKitController: Any = app.model.healthKitController
    if let actor = healthKitController as? any Actor { await Self.drain(actor) }
    for child in Mirror(reflecting: app.model).children {
      if let queue = child.value as? DispatchQueue {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
      } else if let actor = child.value as? any Actor {
        await Self.drain(actor)
      }
    }
  }

  /// Returns once the jobs enqueued on `actor` before the call have run.
  private static func drain(_ actor: isolated any Actor) {}
}
