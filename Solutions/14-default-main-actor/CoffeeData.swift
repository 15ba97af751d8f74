import CoffeeDomain
import Dispatch
import Foundation
import Observation
import SimulatedPlatform

// The drink list's file: its name, and its format, a binary property list. This module's
// default isolation is the main actor, so a new type is main-actor isolated unless it says
// otherwise; this one holds no mutable state and is used by the store actor, so it is
// `nonisolated`, and Sendable like its only property.
nonisolated struct DrinkListFile {
  // The name of the file that stores the drink list.
  static let name = "CoffeeTracker.plist"

  let documents: DocumentsFolder

  // Encode the drinks and write them to disk.
  func write(_ drinks: [Drink]) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    try documents.write(try encoder.encode(drinks), toFileNamed: Self.name)
  }

  // Read the drinks from disk. Throws `CocoaError.fileReadNoSuchFile` when there is no file.
  func read() throws -> [Drink] {
    let data = try documents.read(fileNamed: Self.name)
    return try PropertyListDecoder().decode([Drink].self, from: data)
  }

  // Keep an unreadable file aside, so that nothing is lost.
  func moveAside(reason: String) throws -> URL {
    try documents.moveAside(fileNamed: Self.name, reason: reason)
  }
}

// Saves and loads the drink list off the main actor: the background queue became this actor.
// Values, not shared state, cross its boundary. Actors keep their own isolation whatever the
// module's default. (Internal rather than private only so that the lab's driver can wait for it
// to go idle.)
actor CoffeeDataStore {
  let logger: Logger
  private let file: DrinkListFile

  // Use this value to determine whether you have changes that can be saved to disk. nil until
  // the store knows what the file holds: the first save, or the load, records it.
  private var savedValue: [Drink]?

  init(platform: SimulatedPlatform) {
    self.logger = platform.logger(category: "CoffeeDataStore")
    self.file = DrinkListFile(documents: platform.documents)
  }

  // Save the drink data to disk.
  func save(_ currentDrinks: [Drink]) {
    // Don't save the data if there haven't been any changes.
    if currentDrinks == savedValue {
      logger.debug("The drink list hasn't changed. No need to save.")
      return
    }

    do {
      // Write the data to disk, as a binary plist.
      try file.write(currentDrinks)

      // Update the saved value: the very list that was written.
      savedValue = currentDrinks

      logger.debug("Saved!")
    } catch {
      logger.error("An error occurred while saving the data: \(error)")
    }
  }

  // Load the drink data from disk. Reading touches none of the actor's state, so the method is
  // `nonisolated`: it does not wait for the actor. And in this module's mode a nonisolated async
  // function leaves its caller's actor (SE-0338): the read runs on the global concurrent
  // executor, off the main actor that calls it at launch. Exercise 15 turns on the feature
  // that changes this. The price of leaving the actor: the read is no longer ordered with the
  // saves, which remember(_:) must allow for.
  nonisolated func load() async -> [Drink] {
    logger.debug("Loading the model.")

    let drinks: [Drink]

    do {
      // Load the drink data from a binary plist file.
      drinks = try file.read()
      logger.debug("Data loaded from disk.")
    } catch CocoaError.fileReadNoSuchFile {
      logger.debug("No file found--creating an empty drink list.")
      drinks = []
    } catch {
      // Apple's sample stops the app here. Keep the unreadable file aside instead, so that
      // nothing is lost, and start with an empty list.
      let keptAside = try? file.moveAside(reason: "unreadable")
      logger.error(
        "The drink list could not be read (\(error)). The file was kept aside as "
          + "\(keptAside?.lastPathComponent ?? "(could not move it)"); starting with an empty list."
      )
      drinks = []
    }

    // Update the saved value, on the actor.
    await remember(drinks)
    return drinks
  }

  // Record the list read from disk, unless a save has recorded one already. The read ran off the
  // actor, so it is not ordered with the saves: one may have written a newer list between the
  // read and this record. Its record is the newer one; recording the list read over it would
  // make the next save of that older list find "nothing changed" and skip its write.
  private func remember(_ drinks: [Drink]) {
    if savedValue == nil { savedValue = drinks }
  }
}

// The data model for the Coffee Tracker app.
//
// After the migration: it lives on the main actor, the module's default isolation, so every
// access to its drinks is on the main queue, checked by the compiler. Disk I/O happens off the
// main actor. Observation, not an ObservableObject, tells the views what changed.
@Observable
final class CoffeeData {
  let logger: Logger
  private let platform: SimulatedPlatform

  // The health controller needs the model, so it is created on first use. Not observed: it
  // never changes once created.
  @ObservationIgnored lazy var healthKitController = HealthKitController(
    withModel: self, platform: platform)

  // The actor that saves and loads the model data.
  let store: CoffeeDataStore

  // The list of drinks consumed.
  // Because the model is @Observable, the observers that read this property are notified of
  // every change. Only the model changes it, and calls `drinksUpdated()` after each change.
  private(set) var currentDrinks: [Drink] = []

  // The saves that addDrink starts, by drink, until each ends. Nobody awaits them where they
  // start, so a background task must, before it is completed: the system suspends the app
  // then, and a write still in flight is lost.
  @ObservationIgnored private var drinkSaves: [UUID: Task<Void, Never>] = [:]

  // The launch's read of the saved drinks, until its list is in the model. An update from
  // HealthKit waits for it: at a launch in the foreground the extension delegate loads beside
  // the launch, and the list read from disk would replace what that load brought.
  @ObservationIgnored private var savedDrinksRead: Task<Void, Never>?

  // The model's initializer: starts loading the data from disk.
  init(platform: SimulatedPlatform) {
    self.platform = platform
    self.logger = platform.logger(category: "Model")
    self.store = CoffeeDataStore(platform: platform)

    // Begin loading the data from disk, on the main actor like the rest of the model.
    savedDrinksRead = Task { await readSavedDrinks() }
    Task { await load() }
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

    // Save drink information to HealthKit, then reload the complications and save the list.
    // The task is kept until it ends: it runs on the main actor, as this method does, so it
    // cannot end before it is recorded.
    drinkSaves[drink.uuid] = Task {
      await self.healthKitController.save(drink: drink)
      await self.drinksUpdated()
      self.drinkSaves[drink.uuid] = nil
    }
  }

  // Returns once every drink added so far is saved, those added while it waits included.
  func waitUntilDrinksAreSaved() async {
    while let save = drinkSaves.values.first {
      await save.value
    }
  }

  // Update the model with the changes loaded from HealthKit.
  func updateModel(newDrinks: [Drink], deletedDrinks: Set<UUID>) async {
    // Not before the list read from disk is in the model: it would replace this update.
    await savedDrinksRead?.value

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

    // Assign the updated list before any `await`: the read, the change and the write happen
    // as one step that no other update can interleave with.
    currentDrinks = drinks

    await drinksUpdated()
  }

  // MARK: - Private Methods

  // What `didSet` used to do, made explicit so that callers can wait for the save.
  private func drinksUpdated() async {
    logger.debug("A value has been assigned to the current drinks property.")

    // Update any complications on active watch faces.
    let server = platform.complicationServer
    for complication in server.activeComplications {
      server.reloadTimeline(for: complication)
    }

    // Save the data, and wait until it is on disk.
    await store.save(currentDrinks)
  }

  // Load the data from disk, then from HealthKit.
  private func load() async {
    await savedDrinksRead?.value

    // Load new data from HealthKit.
    let success = await healthKitController.requestAuthorization()
    guard success else {
      logger.debug("Unable to authorize HealthKit.")
      return
    }

    await healthKitController.loadNewDataFromHealthKit()
  }

  // Read the drinks saved on disk into the model.
  private func readSavedDrinks() async {
    var drinks = await store.load()

    // Drop old drinks.
    drinks.removeOutdatedDrinks(now: platform.clock.now)

    // Assign loaded drinks to model.
    currentDrinks = drinks
    await drinksUpdated()
  }
}
