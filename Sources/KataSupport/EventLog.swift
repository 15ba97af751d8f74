import Foundation

/// An append-only list that tasks write to and a test waits on: "suspend until three thumbnails
/// have arrived", without polling or sleeping.
public final class EventLog<Element: Sendable>: Sendable {
  private struct State {
    var elements: [Element] = []
    var waiters: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var nextID = 0
    var expired: Set<Int> = []
  }

  private let state = LockedValue(State())

  /// An empty log.
  public init() {}

  /// Adds `element` and wakes whoever waits for this many elements.
  public func append(_ element: Element) {
    let ready = state.withLock { state in
      state.elements.append(element)
      let count = state.elements.count
      let ready = state.waiters.filter { $0.value.count <= count }
      for id in ready.keys { state.waiters[id] = nil }
      return ready.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  /// The elements so far, oldest first.
  public var elements: [Element] { state.withLock { $0.elements } }

  /// The number of elements so far.
  public var count: Int { state.withLock { $0.elements.count } }

  /// Suspends until the log holds at least `count` elements and returns true; false if `timeout`
  /// passes first. The timeout is a safety net against hangs, never a verdict.
  @discardableResult
  public func waitUntil(count: Int, timeout: Duration = .seconds(10)) async -> Bool {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    let timer = Task {
      try? await Task.sleep(for: timeout)
      let waiter = state.withLock { state in
        let waiter = state.waiters.removeValue(forKey: id)
        if waiter == nil { state.expired.insert(id) }
        return waiter
      }
      waiter?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let reached = state.withLock { state -> Bool? in
        if state.elements.count >= count { return true }
        if state.expired.remove(id) != nil { return false }
        state.waiters[id] = (count, continuation)
        return nil
      }
      if let reached { continuation.resume(returning: reached) }
    }
  }
}
