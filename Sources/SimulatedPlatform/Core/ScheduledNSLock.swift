import DeterministicScheduling
import Foundation
import Synchronization

/// An `NSLock` the lab's scheduler can see, as `ScheduledMutex` is a `Mutex`: outside an
/// exploration run it is Foundation's `NSLock` and does what one does; inside a run, taking it
/// and giving it back are scheduling points, so that another job's critical section can come
/// between two of this job's, and a job that finds it held waits for it as a blocked thread does,
/// while the holder goes on.
///
/// The exercises reach it without a change to their source: a file of the lab's own in their
/// module declares `typealias NSLock = ScheduledNSLock`, and a module's own declarations win over
/// imported ones (probe: module-declarations-shadow-nslock). It conforms to `NSLocking`, so
/// `withLock` is Foundation's, as on an `NSLock`.
public final class ScheduledNSLock: NSObject, NSLocking, @unchecked Sendable {
  private let underlying = NSLock()
  /// Whether a job of the run holds it: read by the scheduler when a waiting job may go on.
  private let held = Atomic<Bool>(false)

  /// The lock's name, as `NSLock.name`.
  public var name: String? {
    get { underlying.name }
    set { underlying.name = newValue }
  }

  public override init() {
    super.init()
  }

  /// Takes the lock, waiting while another job holds it.
  public func lock() {
    DeterministicScheduler.shared.lockPoint(isFree: { [self] in !held.load(ordering: .acquiring) })
    underlying.lock()
    held.store(true, ordering: .releasing)
  }

  /// Gives the lock back: another job may take it at once.
  public func unlock() {
    held.store(false, ordering: .releasing)
    underlying.unlock()
    DeterministicScheduler.shared.lockPoint()
  }

  /// Takes the lock if it is free, as `NSLock.try()` does; false when another job holds it.
  public func `try`() -> Bool {
    DeterministicScheduler.shared.lockPoint()
    guard underlying.try() else { return false }
    held.store(true, ordering: .releasing)
    return true
  }
}
