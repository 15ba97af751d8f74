import Foundation

/// One entry of a complication's timeline: the caffeine level to show from `date` on.
public struct TimelineEntry: Hashable, Sendable {
  public let date: Date
  public let mgCaffeine: Double

  public init(date: Date, mgCaffeine: Double) {
    self.date = date
    self.mgCaffeine = mgCaffeine
  }
}
