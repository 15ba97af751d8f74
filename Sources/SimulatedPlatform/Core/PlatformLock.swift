import Foundation

/// A value that many threads share, protected by a lock: the lock of the simulated platform and
/// of the lab's modules built on it (race lab, scenarios, checks, benchmark).
///
/// Not `Synchronization.Mutex`: on Linux an uncontended `Mutex` locks and unlocks with an atomic
/// compare-exchange on its word in user space, but a contended one, after a short spin, waits and
/// hands over in the kernel, with raw priority-inheritance futex system calls
/// (`FUTEX_LOCK_PI_PRIVATE`, `FUTEX_UNLOCK_PI_PRIVATE`: the toolchain's
/// `usr/lib/swift/shims/_SynchronizationShims.h`, which swiftlang/swift's `stdlib/public/
/// Synchronization/Mutex/LinuxImpl.swift` calls), not through pthreads, whose calls are what
/// ThreadSanitizer intercepts to see a lock's hand-over. So an access it protects can be
/// reported as a race whenever the lock was contended, now and then, drowning the app's real
/// ones (seen on Swift 6.3.1: threads appending to an array through `Mutex.withLock`, built
/// `-Onone -sanitize=thread`, were reported as a "Swift access race" in some runs, not all).
/// This lock is a pthread mutex underneath (through `NSLock`), which ThreadSanitizer
/// understands.
///
/// Package-only: apps and exercises never see it. The katas' `LockedValue` (KataSupport) is the
/// same idea for learner code, which does not depend on the platform.
package final class PlatformLock<Value: Sendable>: @unchecked Sendable {
  // Only touched while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  /// Creates a lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
