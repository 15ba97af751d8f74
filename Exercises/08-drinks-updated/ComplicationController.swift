import CoffeeDomain
import Foundation
import SimulatedPlatform

// Supplies the complications' timelines from the model.
final class ComplicationController: ComplicationDataSource {
  private let model: CoffeeData
  private let clock: SimulatedClock

  init(model: CoffeeData, platform: SimulatedPlatform) {
    self.model = model
    self.clock = platform.clock
  }

  // The entry to show now. RACE: ClockKit calls this on its own queue, and the model's drinks
  // are read right here, while the main queue may be changing them.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
  ) {
    let drinks = model.currentDrinks
    handler(ComplicationTimeline.currentEntry(for: drinks, at: clock.now))
  }

  // The entries to show after `date`. RACE: the same unprotected read of the model.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
  ) {
    let drinks = model.currentDrinks
    handler(ComplicationTimeline.entries(for: drinks, after: date, limit: limit))
  }
}
