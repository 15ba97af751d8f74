import CoffeeDomain
import Foundation
import Testing

/// Checks the caffeine one drink leaves in the body: it halves every five hours, and a drink
/// dated after the moment asked about (not drunk yet) contributes nothing.
@Suite("Caffeine remaining from one drink")
struct CaffeineRemainingTests {
  let drunkAt = Date.utc(2024, 3, 10, 8)
  let mg = 200.0

  /// Hours after the drink, and the fraction of its caffeine left by then.
  static let halfLifeTable: [(hoursLater: Double, fractionLeft: Double)] = [
    (0, 1),
    (1, pow(2, -1.0 / 5)),
    (2.5, 1 / 2.0.squareRoot()),
    (5, 0.5),
    (10, 0.25),
    (24, pow(2, -24.0 / 5)),
  ]

  @Test("Caffeine halves every five hours", arguments: halfLifeTable)
  func remaining(hoursLater: Double, fractionLeft: Double) {
    let drink = Drink(mgCaffeine: mg, onDate: drunkAt)
    let remaining = drink.caffeineRemaining(at: drunkAt.addingTimeInterval(hoursLater * oneHour))
    #expect(abs(remaining - mg * fractionLeft) < 1e-9)
  }

  @Test("A drink not drunk yet contributes nothing", arguments: [1, oneHour, 24 * oneHour])
  func beforeTheDrink(secondsBefore: TimeInterval) {
    let drink = Drink(mgCaffeine: mg, onDate: drunkAt)
    #expect(drink.caffeineRemaining(at: drunkAt.addingTimeInterval(-secondsBefore)) == 0)
  }
}

/// Checks `totalCaffeine(at:)`: the sum of what each drink leaves, future-dated drinks counting 0.
@Suite("Total caffeine of several drinks")
struct TotalCaffeineTests {
  let now = Date.utc(2024, 3, 10, 15)

  @Test("No drinks means no caffeine")
  func noDrinks() {
    #expect([Drink]().totalCaffeine(at: now) == 0)
  }

  @Test("Sums the caffeine each drink leaves, skipping a drink dated in the future")
  func sumWithFutureDrink() {
    let drinks = [
      Drink(mgCaffeine: 100, onDate: now.addingTimeInterval(-5 * oneHour)),  // 50 left
      Drink(mgCaffeine: 200, onDate: now.addingTimeInterval(-10 * oneHour)),  // 50 left
      Drink(mgCaffeine: 64, onDate: now),  // 64 left
      Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(oneHour)),  // not drunk yet
    ]
    #expect(abs(drinks.totalCaffeine(at: now) - 164) < 1e-9)
  }

  @Test("A future drink counts once its time has come")
  func futureDrinkLater() {
    let drinks = [
      Drink(mgCaffeine: 100, onDate: now.addingTimeInterval(-5 * oneHour)),
      Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(oneHour)),
    ]
    let later = now.addingTimeInterval(6 * oneHour)
    // 11 hours after the first drink, 5 hours after the second.
    let expected = 100 * pow(2, -11.0 / 5) + 96 * 0.5
    #expect(abs(drinks.totalCaffeine(at: later) - expected) < 1e-9)
  }
}

/// Checks `equivalentCups(today:calendar:)`: raw milligrams drunk strictly after the start of
/// today, in the calendar's time zone, divided by 96 mg.
@Suite("Equivalent cups today")
struct EquivalentCupsTests {
  let midnight = Date.utc(2024, 3, 10)
  let now = Date.utc(2024, 3, 10, 15)

  @Test("A drink exactly at midnight belongs to yesterday")
  func exactlyAtMidnight() {
    let drinks = [Drink(mgCaffeine: 96, onDate: midnight)]
    #expect(drinks.equivalentCups(today: now, calendar: .utc) == 0)
  }

  @Test("A drink one second after midnight counts")
  func oneSecondAfterMidnight() {
    let drinks = [Drink(mgCaffeine: 96, onDate: midnight.addingTimeInterval(1))]
    #expect(drinks.equivalentCups(today: now, calendar: .utc) == 1)
  }

  @Test("Yesterday's drinks do not count")
  func yesterday() {
    let drinks = [
      Drink(mgCaffeine: 96, onDate: midnight.addingTimeInterval(-1)),
      Drink(mgCaffeine: 192, onDate: Date.utc(2024, 3, 9, 12)),
    ]
    #expect(drinks.equivalentCups(today: now, calendar: .utc) == 0)
  }

  @Test(
    "96 mg make one cup",
    arguments: [(0, 0), (48, 0.5), (96, 1), (240, 2.5), (288, 3)])
  func cups(mg: Double, expectedCups: Double) {
    let drinks = [Drink(mgCaffeine: mg, onDate: Date.utc(2024, 3, 10, 9))]
    #expect(abs(drinks.equivalentCups(today: now, calendar: .utc) - expectedCups) < 1e-9)
  }

  @Test("Adds up the raw milligrams of today's drinks only, not what is left of them")
  func mixedDays() {
    let drinks = [
      Drink(mgCaffeine: 192, onDate: Date.utc(2024, 3, 9, 23)),
      Drink(mgCaffeine: 96, onDate: midnight),
      Drink(mgCaffeine: 96, onDate: midnight.addingTimeInterval(1)),
      Drink(mgCaffeine: 144, onDate: Date.utc(2024, 3, 10, 8)),
    ]
    #expect(abs(drinks.equivalentCups(today: now, calendar: .utc) - 2.5) < 1e-9)
  }

  @Test("Today starts at midnight in the calendar's time zone")
  func calendarTimeZone() throws {
    var utcPlusTwo = Calendar(identifier: .gregorian)
    utcPlusTwo.timeZone = try #require(TimeZone(secondsFromGMT: 2 * 60 * 60))
    // 23:00 UTC on the 9th is 01:00 on the 10th two hours east of Greenwich.
    let drinks = [Drink(mgCaffeine: 96, onDate: Date.utc(2024, 3, 9, 23))]
    #expect(drinks.equivalentCups(today: now, calendar: .utc) == 0)
    #expect(drinks.equivalentCups(today: now, calendar: utcPlusTwo) == 1)
  }
}
