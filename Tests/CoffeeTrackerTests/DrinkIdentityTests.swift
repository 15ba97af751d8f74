import CoffeeScenarios
import Foundation
import SimulatedPlatform
import Testing

/// How both variants identify the drinks they load from the health store, as Apple's sample
/// does: a new sample becomes a drink with the sample's own UUID; a deleted object is matched by
/// its sync identifier, else its UUID. docs/architecture.md's "Decisions the lab made" states each outcome
/// checked here, including the one Apple's mapping gets wrong and the lab keeps.
@Suite("Drink identity", .timeLimit(.minutes(5)))
@MainActor
struct DrinkIdentityTests {
  /// Launches `variant` and waits until it is still.
  private func launch(_ variant: Variant) async throws -> (
    SimulatedPlatform, any CoffeeTrackerDriver
  ) {
    let platform = try SimulatedPlatform()
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    return (platform, driver)
  }

  /// Loads new health data and waits until the app is still again.
  private func sync(_ platform: SimulatedPlatform, _ driver: any CoffeeTrackerDriver) async throws {
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)
  }

  @Test(
    "A sample with no sync identifier becomes a drink with its UUID; its deletion removes the drink",
    arguments: Variant.all)
  func sampleWithoutSyncIdentifier(on variant: Variant) async throws {
    let (platform, driver) = try await launch(variant)
    let sample = platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-10 * 60))
    try await sync(platform, driver)
    #expect(driver.currentDrinks.map(\.uuid) == [sample.uuid])

    platform.healthStore.deleteSample(uuid: sample.uuid)
    try await sync(platform, driver)
    #expect(driver.currentDrinks.isEmpty)
  }

  @Test(
    "A sample another writer tags with a sync identifier keeps its drink when deleted (Apple's way)",
    arguments: Variant.all)
  func sampleWithSyncIdentifier(on variant: Variant) async throws {
    let (platform, driver) = try await launch(variant)
    let sample = platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-10 * 60),
      syncIdentifier: UUID())
    try await sync(platform, driver)
    #expect(driver.currentDrinks.map(\.uuid) == [sample.uuid])

    // The deleted object carries the sync identifier, which names no drink.
    platform.healthStore.deleteSample(uuid: sample.uuid)
    try await sync(platform, driver)
    #expect(driver.currentDrinks.map(\.uuid) == [sample.uuid])
  }

  @Test(
    "The app tags its own sample with the drink's UUID, and the sample's deletion removes the drink",
    arguments: Variant.all)
  func ownSample(on variant: Variant) async throws {
    let (platform, driver) = try await launch(variant)
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    try await platform.settle(driver)
    let drink = try #require(driver.currentDrinks.first)
    let sample = try #require(platform.healthStore.samples.first)
    #expect(sample.syncIdentifier == drink.uuid)
    #expect(sample.uuid != drink.uuid)

    platform.healthStore.deleteSample(uuid: sample.uuid)
    try await sync(platform, driver)
    #expect(driver.currentDrinks.isEmpty)
  }
}
