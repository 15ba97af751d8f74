import Foundation

/// A value shared between threads, protected by a lock.
///
/// A pthread mutex underneath (through `NSLock`), which ThreadSanitizer understands; not
/// `Synchronization.Mutex`, whose futex waits it cannot see on Linux.
public final class LockedValue<Value>: @unchecked Sendable {
  // Only touched while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  /// Creates a lock around `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock. Keep `body` short and never suspend in it.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value, read under the lock.
  public var current: Value { withLock { $0 } }
}
