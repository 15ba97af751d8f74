import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform
import Testing

@testable import RaceLab

/// The stress invariant "the complication shows the model's drinks"
/// (`complication-differs-from-model`), checked at every still point: the timeline the server
/// last got from the data source gives, at each entry's date, the caffeine the model's drinks
/// give. The after variant runs in a process of its own, so that a crash fails the case by name.
@Suite("The complication shows the model's drinks", .timeLimit(.minutes(5)))
struct ComplicationMatchTests {
  @Test("The after variant matches after two reloads close together, and after a health load")
  func afterMatches() async {
    await #expect(processExitsWith: .success) {
      try await Self.afterMatchesAfterTwoReloads()
    }
  }

  @MainActor
  private static func afterMatchesAfterTwoReloads() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.after.launch(platform)
    try await platform.settle(driver)
    // Two drinks, the second added before the first one's reload has been answered.
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now.addingTimeInterval(-600))
    driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now)
    try await platform.settle(driver)
    #expect(platform.complicationServer.reloads.count >= 3)
    let afterTwoDrinks = ComplicationMatch.mismatch(in: Snapshot(of: driver, on: platform))
    #expect(afterTwoDrinks == nil)
    // A drink from another device, brought by a health load.
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-1200))
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)
    let snapshot = Snapshot(of: driver, on: platform)
    #expect(snapshot.modelDrinks.count == 3)
    #expect(ComplicationMatch.mismatch(in: snapshot) == nil)
  }

  @Test("A reload answered with the previous reload's timeline leaves it stale: a mismatch")
  @MainActor
  func staleAnswerLandsLast() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.after.launch(platform)
    try await platform.settle(driver)
    // Each reload's answer is the one made for the reload before: what the server keeps when
    // the answers to two reloads close together land out of order.
    let stale = OneBehindDataSource(drinks: { driver.currentDrinks })
    platform.complicationServer.dataSource = stale
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    try await platform.settle(driver)
    driver.addDrink(mgCaffeine: 64, onDate: platform.clock.now)
    try await platform.settle(driver)
    let found = ComplicationMatch.mismatch(in: Snapshot(of: driver, on: platform))
    let mismatch = try #require(found)
    #expect(mismatch.contains("shows 95 mg"), "\(mismatch)")
    #expect(mismatch.contains("where the model, with 2 drinks, gives 158 mg"), "\(mismatch)")
    withExtendedLifetime(stale) {}
  }

  @Test("No timeline while the model holds drinks is a mismatch; with no drink it is not")
  @MainActor
  func noTimeline() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.after.launch(platform)
    // The app's data source answers nothing: no timeline reaches the server.
    let silent = OneBehindDataSource(drinks: { driver.currentDrinks }, answers: false)
    platform.complicationServer.dataSource = silent
    try await platform.settle(driver)
    let beforeAnyDrink = ComplicationMatch.mismatch(in: Snapshot(of: driver, on: platform))
    #expect(beforeAnyDrink == nil)
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    try await platform.settle(driver)
    let found = ComplicationMatch.mismatch(in: Snapshot(of: driver, on: platform))
    let mismatch = try #require(found)
    #expect(mismatch.contains("has no timeline"), "\(mismatch)")
    withExtendedLifetime(silent) {}
  }

  @Test("With no complication on the watch face there is nothing to match")
  @MainActor
  func noComplication() async throws {
    let platform = try SimulatedPlatform(configuration: .init(activeComplications: []))
    let driver = Variant.after.launch(platform)
    try await platform.settle(driver)
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    try await platform.settle(driver)
    let mismatch = ComplicationMatch.mismatch(in: Snapshot(of: driver, on: platform))
    #expect(mismatch == nil)
  }
}

/// A data source that answers each timeline request with the timeline it made for the request
/// before (the first with an empty one), or, when `answers` is false, with nil; every current
/// entry request with nil.
@MainActor
final class OneBehindDataSource: ComplicationDataSource {
  private let drinks: @MainActor () -> [Drink]
  private let answers: Bool
  private var previous: [TimelineEntry] = []

  init(drinks: @escaping @MainActor () -> [Drink], answers: Bool = true) {
    self.drinks = drinks
    self.answers = answers
  }

  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
  ) {
    handler(nil)
  }

  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
  ) {
    guard answers else { return handler(nil) }
    let current = ComplicationTimeline.entries(for: drinks(), after: date, limit: limit)
    handler(previous)
    previous = current
  }
}
