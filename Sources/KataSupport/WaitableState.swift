/// A state that callers wait on through the `ConditionWaiters` it holds. `SendableMetatype`
/// (SE-0470): the timeout task refers to the state's type from another isolation domain.
protocol WaitableState: SendableMetatype {
  var waiters: ConditionWaiters<Self> { get set }
}

extension WaitableState {
  /// Removes and returns the waiters whose condition now holds: call it after every change that
  /// may satisfy one, under the same lock, and resume them after releasing it.
  mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
    let ready = waiters.satisfied(by: self)
    return waiters.remove(ready)
  }
}

extension LockedValue where Value: WaitableState {
  /// Suspends until `condition` holds for the value (at once if it already does) and returns
  /// true; returns false if `timeout` passes first. The timeout is a safety net against hangs,
  /// never a verdict.
  func waitUntil(
    timeout: Duration, _ condition: @escaping @Sendable (Value) -> Bool
  ) async -> Bool {
    let id = withLock { $0.waiters.newID() }
    let timer = Task {
      try? await Task.sleep(for: timeout)
      withLock { $0.waiters.expire(id) }?.resume(returning: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let reached = withLock { state -> Bool? in
        if condition(state) { return true }
        return state.waiters.add(id, condition: condition, continuation: continuation) ? nil : false
      }
      if let reached { continuation.resume(returning: reached) }
    }
  }
}
