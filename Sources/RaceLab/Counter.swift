import SimulatedPlatform

/// Counts how often something happened, from any thread.
public final class Counter: Sendable {
  private let value = PlatformLock(0)

  public init() {}

  /// Adds one and returns the new count.
  @discardableResult
  public func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
