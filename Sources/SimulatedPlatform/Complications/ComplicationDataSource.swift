import CoffeeDomain
import Foundation

/// What a complication server asks the app for: the stand-in for `CLKComplicationDataSource`.
///
/// ClockKit declares `@MainActor protocol CLKComplicationDataSource : NSObjectProtocol` and calls
/// its data source on the main thread
/// (https://developer.apple.com/documentation/clockkit/clkcomplicationdatasource). So does the lab:
/// a class that adopts this protocol in its declaration is inferred `@MainActor` (SE-0316), and
/// can read main-actor state, such as the app's model, directly.
@MainActor
public protocol ComplicationDataSource: AnyObject {
  /// Supplies the entry to show now.
  func getCurrentTimelineEntry(
    for complication: Complication,
    withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void)
  /// Supplies the entries to show after `date`, at most `limit` of them.
  func getTimelineEntries(
    for complication: Complication, after date: Date, limit: Int,
    withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void)
}
