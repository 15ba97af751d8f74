import CoffeeDomain
import Foundation
import Testing

/// Checks the complication timeline: entries every 5 minutes after the given date, at most 288 of
/// them (24 hours), each showing the caffeine level at its own date; and the current entry.
@Suite("Complication timeline")
struct ComplicationTimelineTests {
  let now = Date.utc(2024, 3, 10, 15)
  let drinks: [Drink]

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
      // `#require` stops at the first wrong gap instead of reporting all 287.
      try #require(later.date.timeIntervalSince(earlier.date) == 300, "after \(earlier.date)")
    }
  }

  @Test(
    "There are as many entries as the limit allows, at most 288",
    arguments: [
      (Int.min, 0), (-1, 0), (0, 0), (1, 1), (12, 12),
      (287, 287), (288, 288), (289, 288), (1000, 288), (Int.max, 288),
    ])
  func count(limit: Int, expectedCount: Int) {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: limit)
    #expect(entries.count == expectedCount)
  }

  @Test("The timeline reaches no further than 24 hours after the date")
  func horizon() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 1000)
    let last = try #require(entries.last)
    #expect(last.date == now.addingTimeInterval(24 * oneHour))
    #expect(entries.allSatisfy { $0.date > now && $0.date <= now.addingTimeInterval(24 * oneHour) })
  }

  @Test("Each entry shows the caffeine level at its own date")
  func values() throws {
    let entries = ComplicationTimeline.entries(for: drinks, after: now, limit: 1000)
    for entry in entries {
      let expected = expectedCaffeine(in: drinks, at: entry.date)
      // `#require` stops at the first wrong entry instead of reporting all 288.
      try #require(abs(entry.mgCaffeine - expected) < 1e-9, "at \(entry.date)")
    }
  }

  @Test("Without drinks, every entry shows zero")
  func noDrinks() {
    let entries = ComplicationTimeline.entries(for: [], after: now, limit: 1000)
    #expect(entries.count == 288)
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
