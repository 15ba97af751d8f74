import CoffeeDomain
import Dispatch
import Foundation
import SimulatedPlatform

// Reads and writes caffeine samples in the health store.
//
// After the migration: an actor with async methods. Its state is only touched on the actor,
// and loads run one after another.
actor HealthKitController {
  let logger: Logger

  // The health store, and whether health data exists on this device.
  private let store: HealthStore
  private let isAvailable: Bool
  private let clock: SimulatedClock
  private let defaults: KeyValueStore

  // The data model that receives new drinks.
  private weak var model: CoffeeData?

  // Whether the user authorized the app.
  var isAuthorized = false

  // Where the last query left off, persisted across launches.
  private var anchor: QueryAnchor? {
    didSet { defaults.set(try? JSONEncoder().encode(anchor), forKey: Self.anchorKey) }
  }
  private static let anchorKey = "anchorKey"

  // The load in progress, if any. Beyond the talk: a load that reads the anchor, awaits the
  // query, then writes the anchor can interleave with another load at that `await`; both
  // would read the same anchor and add the same drinks. So each load waits for the previous.
  private var lastLoad: Task<Bool, Never>?

  // The controller's initializer.
  init(withModel model: CoffeeData, platform: SimulatedPlatform) {
    self.model = model
    self.logger = platform.logger(category: "HealthKit")
    self.store = platform.healthStore
    self.isAvailable = platform.healthStore.isHealthDataAvailable
    self.clock = platform.clock
    self.defaults = platform.defaults
    self.anchor = platform.defaults.data(forKey: Self.anchorKey).flatMap {
      try? JSONDecoder().decode(QueryAnchor.self, from: $0)
    }
  }

  // The completion-handler form, kept for callers not yet migrated.
  @available(*, deprecated, message: "Prefer async alternative instead")
  nonisolated func requestAuthorization(completionHandler: @escaping @Sendable (Bool) -> Void) {
    Task {
      let result = await requestAuthorization()
      completionHandler(result)
    }
  }

  // Request authorization to read and save the required data types. Answers false, instead of
  // never answering, when health data is unavailable or the request fails.
  func requestAuthorization() async -> Bool {
    guard isAvailable else { return false }

    do {
      try await store.requestAuthorization()

      // Set the authorization property.
      self.isAuthorized = true
      return true
    } catch {
      self.logger.error("An error occurred while requesting HealthKit Authorization: \(error)")
      return false
    }
  }

  // The completion-handler form, kept for callers not yet migrated.
  @available(*, deprecated, message: "Prefer async alternative instead")
  nonisolated func loadNewDataFromHealthKit(
    completionHandler: @escaping @Sendable (Bool) -> Void = { _ in }
  ) {
    Task { completionHandler(await self.loadNewDataFromHealthKit()) }
  }

  // Reads data from the HealthKit store. Returns once the model is updated and saved.
  @discardableResult
  func loadNewDataFromHealthKit() async -> Bool {
    guard isAvailable else {
      logger.debug("HealthKit is not available on this device.")
      return false
    }

    // Start after the previous load, so that no two loads read the same anchor.
    let previousLoad = lastLoad
    let load = Task {
      _ = await previousLoad?.value
      return await loadChangesSinceAnchor()
    }
    lastLoad = load
    return await load.value
  }

  // Save a drink to HealthKit as a caffeine sample.
  func save(drink: Drink) async {
    // Make sure HealthKit is available and authorized.
    guard isAvailable else { return }
    guard store.authorizationStatus() == .sharingAuthorized else {
      logger.debug("Not authorized to save to HealthKit.")
      return
    }

    // Create a sample for the drink, tagged with the drink's UUID.
    let caffeineSample = CaffeineSample(
      mgCaffeine: drink.mgCaffeine, date: drink.date, syncIdentifier: drink.uuid,
      source: store.appSource)

    // Save the sample to the HealthKit store.
    do {
      try await store.save(caffeineSample)
      logger.debug("\(drink.mgCaffeine) mg Drink saved to HealthKit")
    } catch {
      logger.error("Unable to save \(caffeineSample) to the HealthKit store: \(error)")
    }
  }

  // MARK: - Private Methods

  // One load: query from the anchor, move the anchor, and update the model.
  private func loadChangesSinceAnchor() async -> Bool {
    logger.debug("Loading data from HealthKit")

    do {
      let (samples, deletedSamples, newAnchor) = try await queryHealthKit()

      // Update the anchor.
      anchor = newAnchor

      // Convert new caffeine samples into Drink instances.
      let newDrinks: [Drink]
      if let samples {
        newDrinks = drinksToAdd(from: samples)
      } else {
        newDrinks = []
      }

      // Create a set of UUIDs for any samples deleted from HealthKit.
      let deletedDrinks = drinksToDelete(from: deletedSamples ?? [])

      // Update the model on the main actor, and wait until it is saved.
      await model?.updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)
      return true
    } catch {
      logger.error("An error occurred while querying for samples: \(error)")
      return false
    }
  }

  // Runs the anchored query and waits for its handler, which resumes the continuation exactly
  // once: with an error or with the results.
  private func queryHealthKit() async throws -> ([CaffeineSample]?, [DeletedObject]?, QueryAnchor?)
  {
    // Create a predicate that only returns samples created within the last 24 hours.
    let endDate = clock.now
    let startDate = endDate.addingTimeInterval(-24.0 * 60.0 * 60.0)
    let dateRange = DateInterval(start: startDate, end: endDate)

    return try await withCheckedThrowingContinuation { continuation in
      // Create the query.
      let query = AnchoredObjectQuery(dateRange: dateRange, anchor: anchor) {
        _, samples, deletedSamples, newAnchor, error in

        // When the query ends, check for errors.
        if let error = error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(returning: (samples, deletedSamples, newAnchor))
        }
      }

      store.execute(query)
    }
  }

  // Convert the samples other apps and devices wrote into drinks, skipping this app's own.
  // Each drink takes its sample's own UUID.
  private func drinksToAdd(from samples: [CaffeineSample]) -> [Drink] {
    samples
      .filter { $0.source != store.appSource }
      .map { Drink(mgCaffeine: $0.mgCaffeine, onDate: $0.date, uuid: $0.uuid) }
  }

  // The UUIDs of the drinks whose samples were deleted: the sync identifier this app gives
  // its own samples (the drink's UUID), else the deleted sample's own UUID.
  private func drinksToDelete(from deletedObjects: [DeletedObject]) -> Set<UUID> {
    Set(deletedObjects.map { $0.syncIdentifier ?? $0.uuid })
  }
}
