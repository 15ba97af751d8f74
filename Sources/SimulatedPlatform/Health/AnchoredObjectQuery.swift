import Foundation

/// A query for the caffeine samples added and deleted since an anchor, within a date range:
/// the stand-in for `HKAnchoredObjectQuery`. Its handler runs once, on an arbitrary queue.
public final class AnchoredObjectQuery: Sendable {
  /// What the query's handler receives: the query, the added samples, the deleted objects, the
  /// new anchor, and an error. On error, everything else is nil.
  public typealias ResultsHandler =
    @Sendable (AnchoredObjectQuery, [CaffeineSample]?, [DeletedObject]?, QueryAnchor?, Error?) ->
    Void

  /// Samples dated strictly inside this range are returned.
  public let dateRange: DateInterval
  /// Where the last query left off; nil returns every sample in range.
  public let anchor: QueryAnchor?
  let resultsHandler: ResultsHandler

  public init(
    dateRange: DateInterval, anchor: QueryAnchor?, resultsHandler: @escaping ResultsHandler
  ) {
    self.dateRange = dateRange
    self.anchor = anchor
    self.resultsHandler = resultsHandler
  }
}
