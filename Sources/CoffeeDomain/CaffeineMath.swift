import Foundation

/// The constants of the caffeine model.
public enum CaffeineMath {
  /// The half-life of caffeine in the body: five hours.
  public static let halfLife: TimeInterval = 5 * 60 * 60
  /// The caffeine in one small coffee, the unit of "equivalent cups".
  public static let mgPerCup: Double = 96
  /// How long a drink stays in the list.
  public static let keepWindow: TimeInterval = 24 * 60 * 60
}

extension Array where Element == Drink {
  /// The total caffeine still in the body at `time`, in milligrams.
  public func totalCaffeine(at time: Date) -> Double {
    reduce(0) { $0 + $1.caffeineRemaining(at: time) }
  }

  /// The caffeine drunk since the start of `now`'s day, as a number of small coffees.
  ///
  /// Counts drinks dated strictly after midnight, in `calendar`'s time zone.
  public func equivalentCups(today now: Date, calendar: Calendar) -> Double {
    let startOfToday = calendar.startOfDay(for: now)
    let mgToday = filter { $0.date > startOfToday }.reduce(0) { $0 + $1.mgCaffeine }
    return mgToday / CaffeineMath.mgPerCup
  }

  /// Drops drinks older than 24 hours and drinks dated in the future.
  ///
  /// The window is inclusive at both ends: a drink exactly 24 hours old, or dated exactly
  /// `now`, is kept.
  public mutating func removeOutdatedDrinks(now: Date) {
    let oldestKept = now.addingTimeInterval(-CaffeineMath.keepWindow)
    removeAll { $0.date < oldestKept || $0.date > now }
  }
}
