import CoffeeDomain
import Foundation
import Testing

/// Checks the complication timeline: entries every 5 minutes from 5 minutes after the given date,
/// strictly before 24 hours after it (Apple's loop: `while current < endDate && entries.count <
/// limit`), each showing the caffeine level at its own date; and the current entry.
@Suite("Complication timeline")
struct ComplicationTimelineTests {
  let now = Date.utc(2024, 3, 10, 15)
  let drinks: [Drink]

  /// How many 5-minute steps from +5 min fall strictly before +24 h, counted by walking them
  /// rather than by the formula the code uses: 287.
  static let fullDay = Array(stride(from: 5 * 60, to: 24 * 60 * 60, by: 5 * 60)).count

  init() {
    drinks = [
      Drink(mgCaffeine: 192, onDate: now.addingTimeInterval(-6 * oneHour)),
      Drink(mgCaffeine: 64, onDate: now.addingTimeInterval(-30 * 60)),
      // Dated in the future: it must count only from its own date on.
      Drink(mgCaffeine: 128, onDate: now.addingTimeInterval(2 * oneHour)),
    ]
  }

  @Test("The first entry is five minutes after the date")
  func firstEntry() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 10)
    let first = try #require(entries.first)
    #expect(first.date == now.addingTimeInterval(5 * 60))
  }

  @Test("Entries are exactly 300 seconds apart")
  func spacing() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 1000)
    for (earlier, later) in zip(entries, entries.dropFirst()) {
      // `#require` stops at the first wrong gap instead of reporting every one.
      try #require(later.date.timeIntervalSince(earlier.date) == 300, "after \(earlier.date)")
    }
  }

  @Test("A full day holds 287 entries, as Apple's loop makes, and the constant agrees")
  func fullDayCount() {
    #expect(Self.fullDay == 287)
    #expect(ComplicationTimeline.maximumEntries == Self.fullDay)
  }

  @Test(
    "There are as many entries as the limit allows, at most a full day's",
    arguments: [
      (Int.min, 0), (-1, 0), (0, 0), (1, 1), (12, 12),
      (fullDay - 1, fullDay - 1), (fullDay, fullDay), (fullDay + 1, fullDay), (1000, fullDay),
      (Int.max, fullDay),
    ])
  func count(limit: Int, expectedCount: Int) {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: limit)
    #expect(entries.count == expectedCount)
  }

  @Test("The timeline stops before 24 hours after the date: the last entry is at 23 h 55 min")
  func horizon() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 1000)
    let last = try #require(entries.last)
    #expect(last.date == now.addingTimeInterval(24 * oneHour - 5 * 60))
    #expect(entries.allSatisfy { $0.date > now && $0.date < now.addingTimeInterval(24 * oneHour) })
  }

  @Test("A date with a fraction of a second keeps every gap at 300 seconds")
  func fractionalDate() throws {
    let start = now.addingTimeInterval(0.123_456_789)
    let entries = ComplicationTimeline.entries(for: drinks, after: start, limit: 1000)
    #expect(entries.count == Self.fullDay)
    for (index, entry) in entries.enumerated() {
      try #require(
        entry.date == start.addingTimeInterval(Double(index + 1) * 300), "entry \(index)")
    }
  }

  @Test("Each entry shows the caffeine level at its own date")
  func values() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 1000)
    for entry in entries {
      let expected = expectedCaffeine(in: drinks, at: entry.date)
      // `#require` stops at the first wrong entry instead of reporting every one.
      try #require(abs(entry.mgCaffeine - expected) < 1e-9, "at \(entry.date)")
    }
  }

  @Test("Without drinks, every entry shows zero")
  func noDrinks() {
    let entries = ComplicationTimeline.entries(for: [], after: now, limit: 1000)
    #expect(entries.count == Self.fullDay)
    #expect(entries.allSatisfy { $0.mgCaffeine == 0 })
  }

  @Test("The current entry shows the caffeine level at the given date")
  func currentEntry() {
    let entry = ComplicationTimeline.currentEntry(for: drinks, at: now)
    #expect(entry.date == now)
    // 192 mg six hours ago, 64 mg half an hour ago, the future drink not at all.
    let expected = 192 * pow(2, -6.0 / 5) + 64 * pow(2, -0.5 / 5)
    #expect(abs(entry.mgCaffeine - expected) < 1e-9)
  }
}
