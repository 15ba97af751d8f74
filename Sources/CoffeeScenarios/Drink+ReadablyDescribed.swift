import CheckReporting
import CoffeeDomain
import Foundation

// Here, where the domain meets the check reports: CoffeeDomain stays free of the lab's
// reporting, and the check core free of the domain.
extension Drink: ReadablyDescribed {
  /// `120 mg at 08:30`.
  public var readableDescription: String {
    "\(Int(mgCaffeine)) mg at \(Self.timeOfDay(date))"
  }

  /// The time of day, in UTC as the scenarios' clock keeps it: `08:30`.
  static func timeOfDay(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let hour = parts.hour ?? 0
    let minute = parts.minute ?? 0
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}
