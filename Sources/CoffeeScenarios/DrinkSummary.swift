import CheckReporting
import Foundation

/// A drink as a scenario speaks of it: its caffeine, and how many minutes before "now" it was
/// drunk. Two variants create different UUIDs for the same drink; summaries compare equal.
public struct DrinkSummary: Hashable, Sendable, CustomStringConvertible {
  public let mg: Double
  public let minutesAgo: Double

  public init(mg: Double, minutesAgo: Double) {
    self.mg = mg
    self.minutesAgo = minutesAgo
  }

  public init(mg: Double, date: Date, now: Date) {
    self.init(mg: mg, minutesAgo: (now.timeIntervalSince(date) / 60).rounded())
  }

  /// `96 mg 20 h ago`, `96 mg now`, `96 mg 5 min ahead`.
  public var description: String {
    Wording.caffeine(mg) + " "
      + (minutesAgo == 0
        ? "now"
        : minutesAgo < 0
          ? "\(Wording.duration(minutes: -minutesAgo)) ahead"
          : "\(Wording.duration(minutes: minutesAgo)) ago")
  }
}
