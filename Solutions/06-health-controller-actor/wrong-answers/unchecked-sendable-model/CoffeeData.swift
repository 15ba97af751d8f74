import CoffeeDomain
import Dispatch
import Foundation
import SimulatedPlatform

// The data model for the Coffee Tracker app.
//
// Before the migration: a published list whose `didSet` saves on every change, and a private
// queue for disk I/O. Only convention keeps each property on the right queue.
// Sendable, so that the controller actor may hold it and call it without warnings.
final class CoffeeData: ObservableObject, @unchecked Sendable {
  let logger: Logger
  let objectWillChange: PublishedChangeRecorder
  private let platform: SimulatedPlatform

  // The name of the file that stores the drink list.
  static let fileName = "CoffeeTracker.plist"

  // The health controller needs the model, so it is created on first use.
  lazy var healthKitController = HealthKitController(withModel: self, platform: platform)

  // A background queue used to save and load the model data.
  let background = DispatchQueue(label: "Background Queue", qos: .userInitiated)

  // The list of drinks consumed.
  // Because this is a @Published property, observers are notified of every change.
  @Published var currentDrinks: [Drink] = [] {
    didSet {
      logger.debug("A value has been assigned to the current drinks property.")

      // Update any complications on active watch faces.
      let server = platform.complicationServer
      for complication in server.activeComplications {
        server.reloadTimeline(for: complication)
      }

      // Begin saving the data.
      self.save()
    }
  }

  // Use this value to determine whether you have changes that can be saved to disk.
  private var savedValue: [Drink] = []

  // The model's initializer: starts loading the data from disk.
  init(platform: SimulatedPlatform) {
    self.platform = platform
    self.logger = platform.logger(category: "Model")
    self.objectWillChange = platform.publishedChanges
    ExecutionContext.register(background, as: "background queue")

    // Begin loading the data from disk.
    load()
  }

  // Add a drink to the list, and save it to HealthKit.
  func addDrink(mgCaffeine: Double, onDate date: Date) {
    logger.debug("Adding a drink.")

    // Create a local array to hold the changes.
    var drinks = currentDrinks

    // Create a new drink and add it to the array.
    let drink = Drink(mgCaffeine: mgCaffeine, onDate: date)
    drinks.append(drink)

    // Get rid of any drinks that are 24 hours old.
    drinks.removeOutdatedDrinks(now: platform.clock.now)

    currentDrinks = drinks

    // Save drink information to HealthKit, in a task of its own: addDrink stays synchronous.
    Task { await self.healthKitController.save(drink: drink) }
  }

  // Update the model with the changes loaded from HealthKit. On the main actor, like every
  // change of the published list; the health controller awaits it.
  @MainActor
  func updateModel(newDrinks: [Drink], deletedDrinks: Set<UUID>) {
    guard !newDrinks.isEmpty || !deletedDrinks.isEmpty else {
      logger.debug("No drinks to add or delete from HealthKit.")
      return
    }

    // Remove the deleted drinks.
    var drinks = currentDrinks.filter { !deletedDrinks.contains($0.uuid) }

    // Add the new drinks.
    drinks += newDrinks

    // Sort the array by date.
    drinks.sort { $0.date < $1.date }

    // Assign the updated list to the model.
    currentDrinks = drinks
  }

  // MARK: - Private Methods

  // Begin saving the drink data to disk.
  private func save() {
    // Don't save the data if there haven't been any changes.
    if currentDrinks == savedValue {
      logger.debug("The drink list hasn't changed. No need to save.")
      return
    }

    // Save as a binary plist file.
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary

    let data: Data

    do {
      // Encode the currentDrinks array.
      data = try encoder.encode(currentDrinks)
    } catch {
      logger.error("An error occurred while encoding the data: \(error)")
      return
    }

    // Save the data to disk as a binary plist file.
    let saveAction = {
      do {
        // Write the data to disk.
        try self.platform.documents.write(data, toFileNamed: Self.fileName)

        // Update the saved value. RACE: this runs off the main queue, reads the main queue's
        // `currentDrinks`, and records that list, not the one encoded above.
        self.savedValue = self.currentDrinks

        self.logger.debug("Saved!")
      } catch {
        self.logger.error("An error occurred while saving the data: \(error)")
      }
    }

    // If the app is running in the background, save synchronously.
    if platform.runtime.applicationState == .background {
      logger.debug("Synchronously saving the model on the calling queue.")
      saveAction()
    } else {
      // Otherwise save the data on a background queue.
      background.async {
        self.logger.debug("Asynchronously saving the model on a background thread.")
        saveAction()
      }
    }
  }

  // Begin loading the data from disk.
  private func load() {
    // Read the data from a background queue.
    background.async { [self] in
      logger.debug("Loading the model.")

      var drinks: [Drink]

      do {
        // Load the drink data from a binary plist file.
        let data = try platform.documents.read(fileNamed: Self.fileName)

        // Decode the data.
        let decoder = PropertyListDecoder()
        drinks = try decoder.decode([Drink].self, from: data)
        logger.debug("Data loaded from disk.")
      } catch CocoaError.fileReadNoSuchFile {
        logger.debug("No file found--creating an empty drink list.")
        drinks = []
      } catch {
        // Apple's sample stops the app here. Keep the unreadable file aside instead, so that
        // nothing is lost, and start with an empty list.
        let keptAside = try? platform.documents.moveAside(
          fileNamed: Self.fileName, reason: "unreadable")
        logger.error(
          "The drink list could not be read (\(error)). The file was kept aside as "
            + "\(keptAside?.lastPathComponent ?? "(could not move it)"); starting with an empty list."
        )
        drinks = []
      }

      // Update the entries on the main queue.
      DispatchQueue.main.async { [self] in
        // Update the saved value.
        savedValue = drinks

        // Drop old drinks.
        drinks.removeOutdatedDrinks(now: platform.clock.now)

        // Assign loaded drinks to model.
        currentDrinks = drinks

        // Load new data from HealthKit.
        healthKitController.requestAuthorization { success in
          guard success else {
            self.logger.debug("Unable to authorize HealthKit.")
            return
          }

          self.healthKitController.loadNewDataFromHealthKit()
        }
      }
    }
  }
}
