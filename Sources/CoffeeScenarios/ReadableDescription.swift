import CoffeeDomain
import Foundation

/// Values as a learner reads them in a failure message: in the domain's words, with optionals
/// unwrapped and sets and dictionaries in a stable order, so that two runs print the same text.
public enum ReadableDescription {
  /// `value` as a failure message shows it.
  public static func of(_ value: Any) -> String {
    if let drink = value as? Drink {
      return "\(Int(drink.mgCaffeine)) mg at \(timeOfDay(drink.date))"
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { of($0.value) } ?? "none"
    case .collection:
      return "[" + mirror.children.map { of($0.value) }.joined(separator: ", ") + "]"
    case .set:
      return "[" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "]"
    case .dictionary:
      let entries = mirror.children.map { entry -> String in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return of(entry.value) }
        return "\(of(pair[0].value)): \(of(pair[1].value))"
      }
      return "[" + entries.sorted().joined(separator: ", ") + "]"
    default:
      return String(describing: value)
    }
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
