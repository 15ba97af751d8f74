import Foundation

/// Builds the entries a complication shows ahead of time.
///
/// As in Apple's Coffee Tracker, the entries start five minutes after the given date and stop
/// before the date 24 hours later: at most 287 of them, the last at 23 h 55 min.
public enum ComplicationTimeline {
  /// The spacing between two entries.
  public static let spacing: TimeInterval = 5 * 60
  /// How far ahead the timeline reaches; no entry falls on or after this horizon.
  public static let horizon: TimeInterval = 24 * 60 * 60
  /// The most entries one timeline holds: one every five minutes, strictly before the horizon.
  public static let maximumEntries = Int((horizon / spacing).rounded(.up)) - 1

  /// The entries after `date`, five minutes apart, dated before `date` + 24 hours, and at most
  /// `limit` of them; each shows the caffeine level of `drinks` at its own date.
  public static func entries(for drinks: [Drink], after date: Date, limit: Int) -> [TimelineEntry] {
    let end = date.addingTimeInterval(horizon)
    var entries: [TimelineEntry] = []
    while entries.count < limit {
      // Each date is computed from `date`, not from the previous entry, so no rounding adds up.
      let entryDate = date.addingTimeInterval(Double(entries.count + 1) * spacing)
      guard entryDate < end else { break }
      entries.append(
        TimelineEntry(date: entryDate, mgCaffeine: drinks.totalCaffeine(at: entryDate)))
    }
    return entries
  }

  /// The entry for `date` itself: what the complication shows right now.
  public static func currentEntry(for drinks: [Drink], at date: Date) -> TimelineEntry {
    TimelineEntry(date: date, mgCaffeine: drinks.totalCaffeine(at: date))
  }
}
