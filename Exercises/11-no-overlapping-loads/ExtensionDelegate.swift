import CoffeeDomain
import Foundation
import SimulatedPlatform

// Handles the watch extension's life cycle and its background tasks.
final class ExtensionDelegate: WatchExtensionDelegate {
  let logger: Logger
  private let model: CoffeeData
  private let runtime: ExtensionRuntime
  private let clock: SimulatedClock

  init(model: CoffeeData, platform: SimulatedPlatform) {
    self.model = model
    self.logger = platform.logger(category: "ExtensionDelegate")
    self.runtime = platform.runtime
    self.clock = platform.clock
  }

  // The app finished launching. The model has already begun loading; the first background
  // refresh is scheduled when the app goes to the background.
  func applicationDidFinishLaunching() {
    logger.debug("The app finished launching.")
  }

  // The app came to the foreground: make sure the app has asked for health authorization,
  // then look for drinks added elsewhere.
  func applicationDidBecomeActive() {
    let healthKitController = model.healthKitController
    let logger = self.logger
    healthKitController.requestAuthorization { success in
      guard success else {
        logger.debug("Unable to authorize HealthKit.")
        return
      }
      healthKitController.loadNewDataFromHealthKit()
    }
  }

  // The app went to the background: schedule a background refresh to update the
  // complications.
  func applicationDidEnterBackground() {
    scheduleBackgroundRefreshTasks()
  }

  // Handle background tasks.
  func handle(_ backgroundTasks: [RefreshBackgroundTask]) {
    logger.debug("Handling a background task...")
    logger.debug("App State: \(runtime.applicationState)")

    for backgroundTask in backgroundTasks {
      Task {
        // Check for updates from HealthKit. This returns once the model is updated and saved.
        let success = await model.healthKitController.loadNewDataFromHealthKit()

        // A drink added just before the task arrived may still be on its way to the disk.
        await model.waitUntilDrinksAreSaved()

        if success {
          // Schedule the next background update.
          scheduleBackgroundRefreshTasks()
          logger.debug("Background Task Completed Successfully!")
        }

        // Mark the task as ended, and request an updated snapshot, if necessary. This task's
        // work is done (the foreground's is waited for from exercise 12).
        backgroundTask.setTaskCompletedWithSnapshot(success)
      }
    }
  }

  // Schedule the next background refresh, 15 minutes from now.
  func scheduleBackgroundRefreshTasks() {
    logger.debug("Scheduling a background task.")
    runtime.scheduleBackgroundRefresh(withPreferredDate: clock.now.addingTimeInterval(15 * 60))
  }
}
