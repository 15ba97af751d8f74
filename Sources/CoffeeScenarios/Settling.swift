import Dispatch
import SimulatedPlatform

/// Executors the lab cannot reach through a driver, drained in every round of `settle`. A check
/// executable registers the serial queue it runs Swift's global executor on (`LabCheckKit`'s
/// `SerialPool`); tests and the demo register nothing.
public enum AdditionalExecutors {
  /// One executor: how to wait for the work queued on it, and whether any is left.
  public struct Executor: Sendable {
    public let drain: @Sendable () async -> Void
    public let isBusy: @Sendable () -> Bool

    public init(drain: @escaping @Sendable () async -> Void, isBusy: @escaping @Sendable () -> Bool)
    {
      self.drain = drain
      self.isBusy = isBusy
    }
  }

  private static let registered = Locked<[Executor]>([])

  /// Adds `executor` to every later `settle`, for the rest of the process.
  public static func register(_ executor: Executor) {
    registered.withLock { $0.append(executor) }
  }

  static var all: [Executor] { registered.withLock { $0 } }
}

/// The lab could not tell when the app went still.
public struct SettleError: Error, CustomStringConvertible {
  public let rounds: Int
  public var description: String {
    "the app kept working after \(rounds) rounds of waiting; is something looping?"
  }
}

extension SimulatedPlatform {
  /// Waits until the app on this platform has gone still: no platform work in flight, and three
  /// rounds in a row in which the main queue and the app's own queues and actors were drained
  /// and not a single event was recorded. No sleeps: each round waits for queued work to run.
  ///
  /// A task suspended on another task (not on a queue or an actor) is invisible to a round: if
  /// the task it waits for finishes just as a round ends, its next job may land after the
  /// drains. Several quiet rounds make that window very small but not nil; check executables
  /// close it by running the global executor on one serial queue (`LabCheckKit.SerialPool`).
  @MainActor
  public func settle(_ driver: any CoffeeTrackerDriver, maximumRounds: Int = 10_000) async throws {
    var quietRounds = 0
    var rounds = 0
    while quietRounds < 3 {
      rounds += 1
      guard rounds <= maximumRounds else { throw SettleError(rounds: maximumRounds) }
      let eventsBefore = activity.eventCount
      await activity.waitUntilNothingInFlight()
      await drainMainQueue()
      await driver.drainAppExecutors()
      for executor in AdditionalExecutors.all { await executor.drain() }
      await drainMainQueue()
      let isQuiet =
        activity.eventCount == eventsBefore && activity.inFlight == 0
        && !AdditionalExecutors.all.contains { $0.isBusy() }
      quietRounds = isQuiet ? quietRounds + 1 : 0
    }
  }
}

/// Returns once every block queued on the main queue before the call has run.
@MainActor
func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
