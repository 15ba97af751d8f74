import Foundation

/// An append-only list that tasks write to and a test waits on: "suspend until three thumbnails
/// have arrived", without polling or sleeping.
public final class EventLog<Element: Sendable>: Sendable {
  private struct State: WaitableState {
    var elements: [Element] = []
    var waiters = ConditionWaiters<State>()
  }

  private let state = LockedValue(State())

  /// An empty log.
  public init() {}

  /// Adds `element` and wakes whoever waits for this many elements.
  public func append(_ element: Element) {
    let ready = state.withLock { state in
      state.elements.append(element)
      return state.takeSatisfiedWaiters()
    }
    for continuation in ready { continuation.resume() }
  }

  /// The elements so far, oldest first.
  public var elements: [Element] { state.withLock { $0.elements } }

  /// The number of elements so far.
  public var count: Int { state.withLock { $0.elements.count } }

  /// Suspends until the log holds at least `count` elements (at once if it does). No timeout: a
  /// wait is a synchronization, never a verdict.
  public func waitUntil(count: Int) async {
    await state.waitUntil { $0.elements.count >= count }
  }
}
