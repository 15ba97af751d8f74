/// Callers suspended until a condition on some state holds, each with a safety timeout: the
/// waiting that `EventLog` and `SimulatedTransport` share. It lives inside the state it watches,
/// under that state's lock (`LockedValue.waitUntil(timeout:_:)`), so that a change and the
/// check of the conditions it may satisfy happen in one critical section: no wake-up is lost.
struct ConditionWaiters<State> {
  private struct Waiter {
    let condition: @Sendable (State) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private var waiting: [Int: Waiter] = [:]
  private var nextID = 0
  /// Waits whose timeout fired before they were added.
  private var expired: Set<Int> = []

  /// A new identifier for a wait.
  mutating func newID() -> Int {
    nextID += 1
    return nextID
  }

  /// Adds the wait `id`; false, adding nothing, when its timeout has already fired.
  mutating func add(
    _ id: Int, condition: @escaping @Sendable (State) -> Bool,
    continuation: CheckedContinuation<Bool, Never>
  ) -> Bool {
    if expired.remove(id) != nil { return false }
    waiting[id] = Waiter(condition: condition, continuation: continuation)
    return true
  }

  /// Removes the wait `id` when its timeout fires and returns its continuation; nil when it has
  /// not been added yet (it is then marked expired) or was already resumed.
  mutating func expire(_ id: Int) -> CheckedContinuation<Bool, Never>? {
    let waiter = waiting.removeValue(forKey: id)
    if waiter == nil { expired.insert(id) }
    return waiter?.continuation
  }

  /// The waits whose condition holds for `state`.
  func satisfied(by state: State) -> [Int] {
    waiting.filter { $0.value.condition(state) }.map(\.key)
  }

  /// Removes the waits `ids` and returns their continuations.
  mutating func remove(_ ids: [Int]) -> [CheckedContinuation<Bool, Never>] {
    ids.compactMap { waiting.removeValue(forKey: $0)?.continuation }
  }
}

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
