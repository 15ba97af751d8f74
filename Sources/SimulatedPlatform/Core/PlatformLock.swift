import Foundation

/// A value that many threads share, protected by a lock.
///
/// Not `Synchronization.Mutex`: on Linux it waits with futexes that ThreadSanitizer cannot see,
/// so every access it protects would be reported as a race, drowning the app's real ones. This
/// lock is a pthread mutex underneath, which ThreadSanitizer understands.
public final class PlatformLock<Value: Sendable>: @unchecked Sendable {
  // Only touched while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  /// Creates a lock around `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
