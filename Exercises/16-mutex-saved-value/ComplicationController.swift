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

  // The entry to show now. ClockKit calls this on its own queue; the model lives on the main
  // actor, so the read hops there first.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
  ) {
    Task { @MainActor in
      let drinks = model.currentDrinks
      handler(ComplicationTimeline.currentEntry(for: drinks, at: clock.now))
    }
  }

  // The entries to show after `date`, read on the main actor too.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
  ) {
    Task { @MainActor in
      let drinks = model.currentDrinks
      handler(ComplicationTimeline.entries(for: drinks, after: date, limit: limit))
    }
  }
}
