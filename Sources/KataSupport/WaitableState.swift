/// A state that callers wait on through the `ConditionWaiters` it holds.
protocol WaitableState {
  var waiters: ConditionWaiters<Self> { get set }
}

extension WaitableState {
  /// Removes and returns the waiters whose condition now holds: call it after every change that
  /// may satisfy one, under the same lock, and resume them after releasing it.
  mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
    waiters.removeSatisfied(by: self)
  }
}

extension LockedValue where Value: WaitableState {
  /// Suspends until `condition` holds for the value (at once if it already does).
  func waitUntil(_ condition: @escaping @Sendable (Value) -> Bool) async {
    await withCheckedContinuation { continuation in
      let reached = withLock { state -> Bool in
        if condition(state) { return true }
        state.waiters.add(condition: condition, continuation: continuation)
        return false
      }
      if reached { continuation.resume() }
    }
  }
}
