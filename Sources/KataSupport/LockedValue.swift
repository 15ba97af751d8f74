import DeterministicScheduling
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

/// A `LockedValue` the lab's scheduler can see, as `ScheduledMutex` is a `Mutex`: outside an
/// exploration run it does exactly what `LockedValue` does; inside one, taking it and giving it
/// back are scheduling points, so that another job's critical section can come between two of
/// this job's, as another thread's can on a device. A kata whose lesson is a lock taken in two
/// sections declares `typealias LockedValue<Value> = ScheduledLockedValue<Value>` in its module
/// (a module's own declarations win over imported ones), so that the learner's code reaches it
/// without a change.
public final class ScheduledLockedValue<Value>: @unchecked Sendable {
  private let locked: LockedValue<Value>
  /// Whether a job of the run is inside `withLock`: a job that finds it held waits for it.
  private let held = LockedValue(false)

  /// Creates a lock around `value`.
  public init(_ value: Value) {
    locked = LockedValue(value)
  }

  /// Runs `body` with the value, holding the lock. Keep `body` short and never suspend in it.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    guard !LockScheduling.isCancelling else { return try locked.withLock(body) }
    let scheduler = DeterministicScheduler.shared
    scheduler.lockPoint(isFree: { [held] in !held.current })
    defer { scheduler.lockPoint() }
    return try locked.withLock { value in
      held.withLock { $0 = true }
      defer { held.withLock { $0 = false } }
      return try body(&value)
    }
  }

  /// A copy of the value, read under the lock.
  public var current: Value { withLock { $0 } }
}

/// When `ScheduledLockedValue` makes its sections scheduling points.
public enum LockScheduling {
  /// True while a check cancels a task whose cancellation handlers may take a scheduled lock:
  /// the runtime runs those handlers holding the cancelled task's own status-record lock
  /// (`swift_task_cancelImpl` in the runtime's TaskStatus.cpp calls each cancellation action
  /// inside `withStatusRecordLock`), so a job paused inside one would keep that lock while the
  /// task, run next, waits for it on a real thread. A check sets it around `cancel()`; the
  /// handler's sections then run without a pause, and another job's sections can still be
  /// split around them.
  @TaskLocal public static var isCancelling = false
}
