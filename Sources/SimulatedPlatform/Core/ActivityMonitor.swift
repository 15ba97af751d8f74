import Foundation

/// Counts the platform work in flight and every event recorded, so that the lab can tell when
/// the simulated world has gone still.
///
/// Platform work is anything between a request and the moment its callback has returned: a
/// health store call, a file write, a complication fetch. The event count rises with every
/// recorded event, so a caller can see whether anything at all happened between two looks.
public final class ActivityMonitor: Sendable {
  private struct State {
    var inFlight = 0
    var eventCount = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  init() {}

  /// How many platform operations have started and not yet finished.
  public var inFlight: Int { state.withLock { $0.inFlight } }

  /// How many events have been recorded so far.
  public var eventCount: Int { state.withLock { $0.eventCount } }

  func begin() {
    state.withLock {
      $0.inFlight += 1
      $0.eventCount += 1
    }
  }

  func end() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.inFlight -= 1
      state.eventCount += 1
      guard state.inFlight == 0 else { return [] }
      defer { state.idleWaiters = [] }
      return state.idleWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func noteEvent() {
    state.withLock { $0.eventCount += 1 }
  }

  /// Returns once no platform operation is in flight.
  public func waitUntilNothingInFlight() async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state in
        if state.inFlight == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}
