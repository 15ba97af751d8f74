import CoffeeDomain
import Foundation

/// One hour, in seconds.
let oneHour: TimeInterval = 60 * 60

extension Calendar {
  /// A Gregorian calendar in UTC, so that "today" does not depend on the machine's time zone.
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()
}

extension Date {
  /// The UTC date with these components, to whole seconds.
  ///
  /// Whole seconds keep date arithmetic in the tests exact: adding multiples of 300 s to such a
  /// date never rounds.
  static func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
  ) -> Date {
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return Calendar.utc.date(from: components)!
  }
}

/// The caffeine model, written out again independently of `CoffeeDomain`: each drink's caffeine
/// halves every five hours after it was drunk, and a drink not drunk yet counts for nothing.
func expectedCaffeine(in drinks: [Drink], at date: Date) -> Double {
  drinks.reduce(0) { total, drink in
    let hoursSinceDrink = date.timeIntervalSince(drink.date) / oneHour
    guard hoursSinceDrink >= 0 else { return total }
    return total + drink.mgCaffeine * pow(2, -hoursSinceDrink / 5)
  }
}
