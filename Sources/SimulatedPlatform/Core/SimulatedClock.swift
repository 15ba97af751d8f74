import Foundation

/// The platform's "now", which tests and scenarios set and advance by hand.
public final class SimulatedClock: Sendable {
  private let current: PlatformLock<Date>

  /// Creates a clock showing `now`.
  public init(now: Date) {
    current = PlatformLock(now)
  }

  /// The current date.
  public var now: Date { current.withLock { $0 } }

  /// Moves the clock forward by `interval` seconds.
  public func advance(by interval: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(interval) }
  }

  /// Sets the clock to `date`.
  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }
}
