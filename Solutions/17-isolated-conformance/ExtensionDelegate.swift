import CoffeeDomain
import Foundation
import SimulatedPlatform

// Handles the watch extension's life cycle and its background tasks.
final class ExtensionDelegate: WatchExtensionDelegate {
  let logger: Logger
  private let model: CoffeeData
  private let runtime: ExtensionRuntime
  private let clock: SimulatedClock

  // The work applicationDidBecomeActive() starts (authorize, then load), each call's until it
  // ends. A background task waits for all of it: the user may open the app and leave it again,
  // more than once, while the task runs, and the app is suspended once the task is completed.
  private var foregroundWork: [UUID: Task<Void, Never>] = [:]

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
    // The task runs on the main actor, as this method does: it cannot end before it is kept.
    let call = UUID()
    foregroundWork[call] = Task {
      defer { foregroundWork[call] = nil }
      guard await model.healthKitController.requestAuthorization() else {
        logger.debug("Unable to authorize HealthKit.")
        return
      }
      await model.healthKitController.loadNewDataFromHealthKit()
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

        // A drink added just before the task arrived may still be on its way to the disk, and
        // the user may have opened the app meanwhile: its load may still run.
        await waitUntilAppWorkEnds()

        if success {
          // Schedule the next background update.
          scheduleBackgroundRefreshTasks()
          logger.debug("Background Task Completed Successfully!")
        }

        // Mark the task as ended, and request an updated snapshot, if necessary. All the work
        // is done: nothing is in flight when the app is suspended.
        backgroundTask.setTaskCompletedWithSnapshot(success)
      }
    }
  }

  // Returns once no work the app started is left: the foreground's (the user may open the app
  // more than once) and the drinks' saves, work started while it waits included.
  private func waitUntilAppWorkEnds() async {
    repeat {
      while let work = foregroundWork.values.first {
        await work.value
      }
      // A drink can be added while the foreground's work runs, and the app opened again while
      // the drinks are saved: go round until both are done at once.
      await model.waitUntilDrinksAreSaved()
    } while !foregroundWork.isEmpty
  }

  // Schedule the next background refresh, 15 minutes from now.
  func scheduleBackgroundRefreshTasks() {
    logger.debug("Scheduling a background task.")
    runtime.scheduleBackgroundRefresh(withPreferredDate: clock.now.addingTimeInterval(15 * 60))
  }
}
