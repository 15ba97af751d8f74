import CheckReporting
import CoffeeDomain
import CoffeeScenarios
import Foundation

/// "The complication shows the model's drinks": the timeline the complication server last got
/// from the data source, and its current entry, give at each of their dates the caffeine level
/// the model's drinks give there. The server asks the data source after each reload, on the main
/// queue, so once the app is still the last answer must reflect the last change; with two
/// reloads close together, the second's answer must be the one kept.
enum ComplicationMatch {
  /// How far an entry may be from the model's level: the same sum, perhaps in another order.
  static let tolerance = 0.01

  /// Nil when the complication matches the model's drinks in `snapshot`, or when the watch face
  /// shows no complication; otherwise what differs, in the domain's words.
  static func mismatch(in snapshot: Snapshot) -> String? {
    let drinks = snapshot.modelDrinks
    guard let timeline = snapshot.complicationTimeline else { return nil }
    if timeline.isEmpty && !drinks.isEmpty {
      return
        "the complication has no timeline, and the model holds \(Wording.count(drinks.count, "drink"))"
    }
    let entries = timeline + (snapshot.complicationCurrentEntry.map { [$0] } ?? [])
    guard
      let stale = entries.first(where: {
        abs($0.mgCaffeine - drinks.totalCaffeine(at: $0.date)) > tolerance
      })
    else { return nil }
    let shows = Int(stale.mgCaffeine.rounded())
    let gives = Int(drinks.totalCaffeine(at: stale.date).rounded())
    return "the complication's timeline shows \(shows) mg at \(stale.date.formatted(.iso8601)), "
      + "where the model, with \(Wording.count(drinks.count, "drink")), gives \(gives) mg"
  }
}
