import Foundation

/// The platform's stand-in for `UserDefaults`: small values that survive a relaunch.
public final class KeyValueStore: Sendable {
  private let values = PlatformLock<[String: Data]>([:])

  init() {}

  /// The data stored under `key`, if any.
  public func data(forKey key: String) -> Data? {
    values.withLock { $0[key] }
  }

  /// Stores `data` under `key`, or removes the key when `data` is nil.
  public func set(_ data: Data?, forKey key: String) {
    values.withLock { $0[key] = data }
  }
}
