import Foundation
import SimulatedPlatform
import Synchronization

/// A one-shot signal between threads: closed until `open()`, then open for good.
///
/// Replays use gates inside platform checkpoints to hold one thread until another step has
/// happened. Platform threads wait with `wait(timeout:)`; the replay script, on the main actor,
/// waits with `await opened()` so that the main queue stays free.
///
/// A gate normally synchronizes: everything the opening thread did before `open()` happens
/// before everything the waiter does after it wakes, as with a lock. A gate made with
/// `synchronizes: false` only orders the two threads in time: it is a relaxed atomic flag that
/// the waiter polls, which creates no happens-before edge. ThreadSanitizer reports two accesses
/// that no happens-before edge orders, so a replay that must show it a race puts such a gate
/// between the racing accesses: the gate forces the interleaving, and hides nothing.
public final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = PlatformLock(State())
  private let condition = NSCondition()
  /// Whether opening synchronizes with the waiters; see the type's documentation.
  public let synchronizes: Bool
  private let relaxedFlag = Atomic<Bool>(false)

  /// Creates a closed gate; `synchronizes: false` makes one ThreadSanitizer cannot see.
  public init(synchronizes: Bool = true) {
    self.synchronizes = synchronizes
  }

  /// Opens the gate and wakes every waiter.
  public func open() {
    guard synchronizes else {
      relaxedFlag.store(true, ordering: .relaxed)
      return
    }
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    condition.lock()
    condition.broadcast()
    condition.unlock()
    for waiter in waiters { waiter.resume() }
  }

  public var isOpen: Bool {
    synchronizes ? state.withLock { $0.isOpen } : relaxedFlag.load(ordering: .relaxed)
  }

  /// Blocks the calling thread until the gate opens or `timeout` passes; true if it opened.
  ///
  /// The timeout is a safety net, not a synchronisation: a replay whose other side never comes
  /// (because the variant under test does not allow that interleaving) carries on after it.
  @discardableResult
  public func wait(timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    guard synchronizes else {
      // Polling, not sleeping for a result: each pass looks at the flag again, and the
      // timeout is only the safety net described above.
      while !isOpen {
        guard Date() < deadline else { return false }
        usleep(50)
      }
      return true
    }
    condition.lock()
    defer { condition.unlock() }
    while !isOpen {
      guard condition.wait(until: deadline) else { return isOpen }
    }
    return true
  }

  /// Suspends until the gate opens; only for a gate that synchronizes.
  public func opened() async {
    precondition(synchronizes, "await opened() needs a gate that synchronizes")
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }
}
