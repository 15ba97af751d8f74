import Foundation
import SimulatedPlatform

/// A one-shot signal between threads: closed until `open()`, then open for good.
///
/// Replays use gates inside platform checkpoints to hold one thread until another step has
/// happened. Platform threads wait with `wait(timeout:)`; the replay script, on the main actor,
/// waits with `await opened()` so that the main queue stays free.
public final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())
  private let condition = NSCondition()

  public init() {}

  /// Opens the gate and wakes every waiter.
  public func open() {
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

  public var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Blocks the calling thread until the gate opens or `timeout` passes; true if it opened.
  ///
  /// The timeout is a safety net, not a synchronisation: a replay whose other side never comes
  /// (because the variant under test does not allow that interleaving) carries on after it.
  @discardableResult
  public func wait(timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !isOpen {
      guard condition.wait(until: deadline) else { return isOpen }
    }
    return true
  }

  /// Suspends until the gate opens.
  public func opened() async {
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

/// Counts how often something happened, from any thread.
public final class Counter: Sendable {
  private let value = Locked(0)

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
