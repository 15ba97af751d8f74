import CoffeeDomain
import Foundation

/// What a complication server asks the app for: the stand-in for `CLKComplicationDataSource`.
///
/// ClockKit calls these from its own queue, not the main thread, and does not mark the protocol
/// with any actor: reaching main-actor state from here needs a hop.
public protocol ComplicationDataSource: AnyObject, Sendable {
  /// Supplies the entry to show now.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void)
  /// Supplies the entries to show after `date`, at most `limit` of them.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void)
}
