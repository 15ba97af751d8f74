/// Callers suspended until a condition on some state holds: the waiting that `EventLog` and
/// `SimulatedTransport` share. It lives inside the state it watches, under that state's lock
/// (`LockedValue.waitUntil(_:)`), so that a change and the check of the conditions it may satisfy
/// happen in one critical section: no wake-up is lost. A wait has no timeout: it is a
/// synchronization, never a verdict, and a test that waits for ever is stopped by its time limit.
struct ConditionWaiters<State> {
  private struct Waiter {
    let condition: @Sendable (State) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private var waiting: [Int: Waiter] = [:]
  private var nextID = 0

  /// Adds a wait for `condition`.
  mutating func add(
    condition: @escaping @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>
  ) {
    nextID += 1
    waiting[nextID] = Waiter(condition: condition, continuation: continuation)
  }

  /// Removes the waits whose condition holds for `state` and returns their continuations.
  mutating func removeSatisfied(by state: State) -> [CheckedContinuation<Void, Never>] {
    let ready = waiting.filter { $0.value.condition(state) }
    for id in ready.keys { waiting[id] = nil }
    return ready.values.map(\.continuation)
  }
}
