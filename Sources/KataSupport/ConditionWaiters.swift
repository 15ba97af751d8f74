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
