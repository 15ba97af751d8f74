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

  // The entry to show now. WRONG: ClockKit calls this on its own queue; assuming the main
  // actor does not take the code there, it only stops the app when the assumption is false.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
  ) {
    let drinks = MainActor.assumeIsolated { model.currentDrinks }
    handler(ComplicationTimeline.currentEntry(for: drinks, at: clock.now))
  }

  // The entries to show after `date`, with the same assumption.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
  ) {
    let drinks = MainActor.assumeIsolated { model.currentDrinks }
    handler(ComplicationTimeline.entries(for: drinks, after: date, limit: limit))
  }
}
