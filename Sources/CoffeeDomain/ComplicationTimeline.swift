import Foundation

/// One entry of a complication's timeline: the caffeine level to show from `date` on.
public struct TimelineEntry: Hashable, Sendable {
  public let date: Date
  public let mgCaffeine: Double

  public init(date: Date, mgCaffeine: Double) {
    self.date = date
    self.mgCaffeine = mgCaffeine
  }
}

/// Builds the entries a complication shows ahead of time.
public enum ComplicationTimeline {
  /// The spacing between two entries.
  public static let spacing: TimeInterval = 5 * 60
  /// How far ahead the timeline reaches.
  public static let horizon: TimeInterval = 24 * 60 * 60
  /// The most entries one timeline holds: one every five minutes for 24 hours.
  public static let maximumEntries = Int(horizon / spacing)

  /// The entries after `date`, five minutes apart, for at most 24 hours and at most `limit`
  /// entries; each shows the caffeine level of `drinks` at its own date.
  public static func entries(for drinks: [Drink], after date: Date, limit: Int) -> [TimelineEntry] {
    let count = Swift.max(0, Swift.min(limit, maximumEntries))
    return (0..<count).map { index in
      let entryDate = date.addingTimeInterval(Double(index + 1) * spacing)
      return TimelineEntry(date: entryDate, mgCaffeine: drinks.totalCaffeine(at: entryDate))
    }
  }

  /// The entry for `date` itself: what the complication shows right now.
  public static func currentEntry(for drinks: [Drink], at date: Date) -> TimelineEntry {
    TimelineEntry(date: date, mgCaffeine: drinks.totalCaffeine(at: date))
  }
}
