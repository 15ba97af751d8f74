import Foundation

/// A clock that moves only when the test says so: `sleep(until:)` suspends until `advance(by:)`
/// has moved the clock past the deadline, or until the sleeping task is cancelled.
public final class ManualClock: Clock, Sendable {
  /// A point in the manual clock's time: how far it has been advanced since it was made.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock was made.
    public var offset: Duration

    /// An instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    var isCancelled = false
  }

  private struct State: WaitableState {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    var waiters = ConditionWaiters<State>()
  }

  private let state = LockedValue(State())

  /// A clock at offset zero.
  public init() {}

  /// The current instant: only `advance(by:)` moves it.
  public var now: Instant { state.withLock { $0.now } }

  /// One nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// How many tasks are sleeping on the clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until at least `count` tasks sleep on the clock (at once if they already do): a
  /// test's way to know that the code under test has reached its sleep, without polling, so
  /// that it never depends on when the runtime gets round to that code.
  public func waitForSleepers(_ count: Int = 1) async {
    await state.waitUntil { $0.sleepers.count >= count }
  }

  /// Suspends until the clock has been advanced to `deadline`; throws `CancellationError` if the
  /// task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let (id, waiting) = state.withLock { state in
      state.nextID += 1
      state.sleepers[state.nextID] = Sleeper(deadline: deadline)
      return (state.nextID, state.takeSatisfiedWaiters())
    }
    for waiter in waiting { waiter.resume() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          guard let sleeper = state.sleepers[id] else { return .success(()) }
          if sleeper.isCancelled {
            state.sleepers[id] = nil
            return .failure(CancellationError())
          }
          if sleeper.deadline <= state.now {
            state.sleepers[id] = nil
            return .success(())
          }
          state.sleepers[id]?.continuation = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let sleeper = state.sleepers[id] else { return nil }
        guard let continuation = sleeper.continuation else {
          state.sleepers[id]?.isCancelled = true
          return nil
        }
        state.sleepers[id] = nil
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    let woken = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      var woken: [CheckedContinuation<Void, any Error>] = []
      for (id, sleeper) in state.sleepers where sleeper.deadline <= now {
        if let continuation = sleeper.continuation {
          woken.append(continuation)
          state.sleepers[id] = nil
        }
      }
      return woken
    }
    for continuation in woken { continuation.resume() }
  }
}
