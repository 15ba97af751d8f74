import Foundation

/// One drink: how much caffeine it had and when it was drunk.
///
/// A value type, so it can cross any queue, task or actor boundary safely.
public struct Drink: Hashable, Codable, Sendable {
  /// The caffeine in the drink, in milligrams.
  public let mgCaffeine: Double
  /// When the drink was drunk.
  public let date: Date
  /// The drink's identity. The app writes it as its health sample's sync identifier; a drink
  /// loaded from another device's sample takes that sample's own UUID.
  public let uuid: UUID

  /// Creates a drink.
  public init(mgCaffeine: Double, onDate date: Date, uuid: UUID = UUID()) {
    self.mgCaffeine = mgCaffeine
    self.date = date
    self.uuid = uuid
  }

  /// The caffeine from this drink still in the body at `time`, in milligrams.
  ///
  /// Caffeine halves every five hours: `mg * 0.5^(elapsed / 5 h)`. Apple's sample does not
  /// clamp, so a drink dated after `time` would count for *more* than it holds. The lab decides
  /// that a drink not yet drunk contributes nothing.
  public func caffeineRemaining(at time: Date) -> Double {
    let elapsed = time.timeIntervalSince(date)
    guard elapsed >= 0 else { return 0 }
    return mgCaffeine * pow(0.5, elapsed / CaffeineMath.halfLife)
  }
}
