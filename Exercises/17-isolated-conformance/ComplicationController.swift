import CoffeeDomain
import Foundation
import SimulatedPlatform

// Supplies the complications' timelines from the model. ClockKit calls its data source on the
// main thread, and its protocol is `@MainActor`: this class inherits that isolation from the
// conformance, so it reads the model's drinks directly, as Apple's sample does.
final class ComplicationController: ComplicationDataSource {
  private let model: CoffeeData
  private let clock: SimulatedClock

  init(model: CoffeeData, platform: SimulatedPlatform) {
    self.model = model
    self.clock = platform.clock
  }

  // The entry to show now.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
  ) {
    let drinks = model.currentDrinks
    handler(ComplicationTimeline.currentEntry(for: drinks, at: clock.now))
  }

  // The entries to show after `date`.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
  ) {
    let drinks = model.currentDrinks
    handler(ComplicationTimeline.entries(for: drinks, after: date, limit: limit))
  }
}
