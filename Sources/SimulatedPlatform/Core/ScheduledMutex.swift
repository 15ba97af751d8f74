import DeterministicScheduling
import Synchronization

/// A `Mutex` the lab's scheduler can see: outside an exploration run it is a `Mutex` of the
/// Synchronization module and does exactly what one does; inside a run, taking it and giving it
/// back are scheduling points, so that another job's critical section can come between two of
/// this job's, as another thread's can on a device, and a job that finds it held waits for it as
/// a blocked thread does, while the holder goes on.
///
/// The exercises that teach `Mutex` reach it without a change to their source, as they reach the
/// scheduled queues: a file of the lab's own in their module declares `typealias Mutex =
/// ScheduledMutex`, and a module's own declarations win over imported ones (probe:
/// module-declarations-shadow-dispatch). A class where `Mutex` is a noncopyable struct: stored as
/// a `let` of a class or an actor, as the lessons store it, the two read the same.
public final class ScheduledMutex<Value>: @unchecked Sendable {
  private let mutex: Mutex<Value>
  /// Whether a job of the run holds it: read by the scheduler when a waiting job may go on.
  private let held = Atomic<Bool>(false)

  /// A mutex holding `initialValue`.
  public init(_ initialValue: sending Value) {
    mutex = Mutex(initialValue)
  }

  /// Runs `body` with the value, holding the lock, as `Mutex.withLock` does.
  public func withLock<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let scheduler = DeterministicScheduler.shared
    scheduler.lockPoint(isFree: { [self] in !held.load(ordering: .acquiring) })
    defer { scheduler.lockPoint() }
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      held.store(true, ordering: .releasing)
      defer { held.store(false, ordering: .releasing) }
      return try body(&value)
    }
  }

  /// Runs `body` with the value if the lock is free, as `Mutex.withLockIfAvailable` does; nil
  /// when another job holds it.
  public func withLockIfAvailable<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result? {
    let scheduler = DeterministicScheduler.shared
    scheduler.lockPoint()
    defer { scheduler.lockPoint() }
    return try mutex.withLockIfAvailable {
      (value: inout sending Value) throws(E) -> sending Result in
      held.store(true, ordering: .releasing)
      defer { held.store(false, ordering: .releasing) }
      return try body(&value)
    }
  }
}
