import Dispatch
import Foundation
import SimulatedPlatform

/// A seeded scheduler in the style of probabilistic concurrency testing (PCT; Burckhardt,
/// Kothari, Musuvathi and Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of
/// Finding Bugs", ASPLOS 2010): every thread gets a random priority, the highest-priority thread
/// runs first, and at d − 1 randomly chosen steps the running thread drops below everyone else.
/// For a program of n threads and k steps, one run finds a bug of depth d with probability at
/// least 1/(n·k^(d−1)).
///
/// The lab controls threads only where the platform lets it step in, at its checkpoints, so
/// here a *thread* is one platform operation (a health callback's delivery, a file write) from
/// its first checkpoint to its last, plus the main queue; a *step* is a checkpoint reached.
/// A thread at a checkpoint waits while a higher-priority thread could run instead:
///
/// - another operation waiting at a checkpoint with a higher priority goes first;
/// - when the main queue's priority is higher, the operation waits for the main queue to run
///   what is queued on it (one turn: a block it enqueues on the main queue has run).
///
/// The main queue itself never waits: the app's other threads may need it to reach their own
/// checkpoints, and holding it could deadlock the app. A waiting operation that owns something
/// another needs is let go in the same way: it only ever waits for threads that can run
/// without it (the main queue, which never waits on an operation in either variant, and the
/// operations already waiting, which are released in priority order). A safety net bounds
/// every wait, as with `Gate.wait(timeout:)`: should a variant ever block the main queue on an
/// operation, the operation carries on after it; no verdict rests on it.
///
/// Every choice (priorities, change points) comes from the seed; the threads' order between
/// checkpoints is the operating system's, as for the random stress.
public final class PCTScheduler: Sendable {
  /// How the scheduler chose, for the report: n threads, k steps, d.
  public struct Measure: Sendable {
    /// The threads seen: the operations that reached a checkpoint, and the main queue.
    public var threads: Int
    /// The checkpoints reached.
    public var steps: Int
    /// The bug depth the scheduler targets.
    public var depth: Int
    /// How many times a wait ended at its safety net rather than by the schedule.
    public var safetyNetReleases: Int
  }

  private struct Waiter {
    let id: Int
    let priority: Int
  }

  private struct State {
    var random: SeededGenerator
    /// Priorities of the operations, by the thread running them.
    var priorityOfThread: [UInt: Int] = [:]
    var mainPriority: Int
    var operations = 0
    var steps = 0
    var changePoints: [Int: Int]
    var waiting: [Waiter] = []
    var nextWaiterID = 0
    var safetyNetReleases = 0
  }

  /// The k over which the stress spreads the change points unless told otherwise: about the
  /// steps a stress iteration takes (`race-lab stress --scheduler pct` prints the largest).
  public static let defaultExpectedSteps = 60

  /// The bug depth d.
  public let depth: Int
  private let state: PlatformLock<State>
  private let condition = NSCondition()
  private let safetyNet: TimeInterval

  /// A scheduler for one run. `expectedSteps` is the k over which the d − 1 change points are
  /// spread; `safetyNet` bounds each wait (see the type's documentation).
  public init(seed: UInt64, depth: Int, expectedSteps: Int, safetyNet: TimeInterval = 0.05) {
    precondition(depth >= 1, "PCT needs a depth of 1 or more")
    self.depth = depth
    self.safetyNet = safetyNet
    var random = SeededGenerator(seed: seed ^ 0x5043_545F_5343_4844)
    // Initial priorities are at least `depth`; the change points hand out 1..<depth, below all.
    let mainPriority = depth + Int.random(in: 0..<1_000_000, using: &random)
    var changePoints: [Int: Int] = [:]
    for lowered in 1..<max(depth, 1) {
      changePoints[Int.random(in: 1...max(1, expectedSteps), using: &random)] = depth - lowered
    }
    state = PlatformLock(
      State(random: random, mainPriority: mainPriority, changePoints: changePoints))
  }

  /// Takes control at every checkpoint of `platform`.
  public func install(on platform: SimulatedPlatform) {
    let checkpoints: [Checkpoint] = [
      .publishedValueStored, .fileWriteStarting, .fileWriteFinishing, .appSuspended,
      .healthCallbackDelivering(.authorization), .healthCallbackDelivering(.save),
      .healthCallbackDelivering(.query), .healthCallbackReturned(.authorization),
      .healthCallbackReturned(.save), .healthCallbackReturned(.query),
    ]
    for checkpoint in checkpoints {
      let starts = Self.startsOperation(checkpoint)
      platform.checkpoints.install(at: checkpoint) { [self] in reach(startingOperation: starts) }
    }
  }

  /// What the scheduler saw so far.
  public var measure: Measure {
    state.withLock {
      Measure(
        threads: $0.operations + 1, steps: $0.steps, depth: depth,
        safetyNetReleases: $0.safetyNetReleases)
    }
  }

  /// PCT's lower bound on the chance that one run finds a bug of depth `depth` among `threads`
  /// threads and `steps` steps: 1/(n·k^(d−1)).
  public static func lowerBound(threads: Int, steps: Int, depth: Int) -> Double {
    1 / (Double(max(1, threads)) * pow(Double(max(1, steps)), Double(depth - 1)))
  }

  private static func startsOperation(_ checkpoint: Checkpoint) -> Bool {
    switch checkpoint {
    case .fileWriteStarting, .healthCallbackDelivering: true
    default: false
    }
  }

  /// One step: on the main queue, counted and never held; elsewhere, held while a thread of
  /// higher priority can run.
  private func reach(startingOperation: Bool) {
    let onMain = ExecutionContext.isOnMainQueue
    let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
    let (priority, mainPriority, waiterID) = state.withLock {
      state -> (Int?, Int, Int?) in
      state.steps += 1
      let lowered = state.changePoints[state.steps]
      if onMain {
        if let lowered { state.mainPriority = lowered }
        return (nil, state.mainPriority, nil)
      }
      if startingOperation || state.priorityOfThread[thread] == nil {
        state.operations += 1
        state.priorityOfThread[thread] =
          depth + Int.random(in: 0..<1_000_000, using: &state.random)
      }
      if let lowered { state.priorityOfThread[thread] = lowered }
      let priority = state.priorityOfThread[thread]!
      let id = state.nextWaiterID
      state.nextWaiterID += 1
      state.waiting.append(Waiter(id: id, priority: priority))
      return (priority, state.mainPriority, id)
    }
    guard let priority, let waiterID else { return }
    let deadline = Date(timeIntervalSinceNow: safetyNet)
    var timedOut = false
    // The main queue first, when it outranks this thread: one turn of it.
    if mainPriority > priority {
      let turn = Gate()
      DispatchQueue.main.async { turn.open() }
      if !turn.wait(timeout: safetyNet) { timedOut = true }
    }
    // Then the waiting operations that outrank this one.
    condition.lock()
    while !timedOut {
      let outranked = state.withLock { state in
        state.waiting.contains { $0.priority > priority && $0.id != waiterID }
      }
      guard outranked else { break }
      if !condition.wait(until: deadline) { timedOut = true }
    }
    condition.unlock()
    state.withLock { state in
      state.waiting.removeAll { $0.id == waiterID }
      if timedOut { state.safetyNetReleases += 1 }
    }
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }
}
