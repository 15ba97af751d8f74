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
/// here a *step* is a checkpoint reached, and a *thread* is one unit of work between steps:
///
/// - off the main queue, one platform operation (a health callback's delivery, a file write)
///   from its first checkpoint on, with what the app does on that thread afterwards (such as
///   reading the model's published list after a write, a checkpoint too);
/// - on the main queue, one *job*: a block the main queue runs (a user action, a callback's hop
///   to main). A serial queue runs its jobs one after the other, but each is a separate piece of
///   work that other threads interleave with, so each gets its own priority. The scheduler knows
///   a job has ended when a block it queued on the main queue behind it has run.
///
/// An operation is *running* from a checkpoint until the next one the platform is sure to reach
/// (a write started ends, on the disk or lost; a callback delivered returns) or, when it runs on
/// one of the app's serial queues (`ExecutionContext.currentRegisteredQueue`), until the block it
/// runs there has ended (a block queued behind it says when). After its last checkpoint on any
/// other thread the scheduler cannot tell when it ends, and does not count it running.
///
/// At a checkpoint, a thread waits while a thread of higher priority can run instead:
///
/// - an operation waits while a waiting operation of higher priority has not gone on, and, when
///   the main queue's current job outranks it, until that job has ended (a turn of the main
///   queue; the next job then gets its priority, and the operation lets it go first too if it
///   outranks it, up to `mainJobsAhead` jobs);
/// - the main queue waits while an operation that is waiting, or running, outranks its current
///   job. A waiting operation that outranks the main queue's job goes on at once, since nothing
///   outranks it and no operation waits for a turn of a main queue that is itself waiting.
///
/// No held thread owns anything another needs: an operation waits at a checkpoint (inside the
/// platform, holding none of the app's locks), and the main queue waits only for operations that
/// are free to run and need nothing from it in the apps the lab runs (no `DispatchQueue.main.sync`
/// in either variant). A safety net bounds every wait, as with `Gate.wait(timeout:)`: should a
/// variant block where the scheduler cannot see it, the held thread carries on after it;
/// `Measure.safetyNetReleases` counts those, and no verdict rests on them.
///
/// Every choice comes from the seed: the change points, and each thread's priority, drawn from
/// the seed, the kind of the thread (a file write, a query callback, a main-queue job) and how
/// many of that kind came before it, so that unrelated threads arriving in another order do not
/// trade priorities. The threads' order between checkpoints is the operating system's, so a
/// seed gives the same schedule only as far as the threads reach their checkpoints in the same
/// order per kind: `race-lab stress --confirm K` measures how often a finding recurs.
public final class PCTScheduler: Sendable {
  /// How the scheduler chose, for the report: n threads, k steps, d.
  public struct Measure: Sendable {
    /// The threads seen: the operations that reached a checkpoint, and the main-queue jobs
    /// that did.
    public var threads: Int
    /// The checkpoints reached.
    public var steps: Int
    /// The bug depth the scheduler targets.
    public var depth: Int
    /// How many times a wait ended at its safety net rather than by the schedule.
    public var safetyNetReleases: Int
    /// How many times the main queue let an operation of higher priority go first.
    public var mainQueueYields: Int = 0
  }

  private struct Running {
    let priority: Int
    let token: Int
  }

  private struct Waiter {
    let id: Int
    let priority: Int
  }

  private struct State {
    var random: SeededGenerator
    /// Priorities of the operations, by the thread running them.
    var priorityOfThread: [UInt: Int] = [:]
    /// The priority of the main queue's current job.
    var mainPriority: Int
    /// Whether the marker put behind the main queue's current job has run: the next main-queue
    /// step belongs to a new job.
    var mainJobEnded = true
    var mainMarkerPending = false
    /// Whether the current main-queue job has reached a step, and so counts among the threads.
    var mainJobCounted = true
    var operations = 0
    var mainJobs = 0
    var steps = 0
    var changePoints: [Int: Int]
    var waiting: [Waiter] = []
    /// The operations known to be running, by thread: between a checkpoint and the next one
    /// the platform is sure to reach, or until the block they run on an app's registered serial
    /// queue has ended.
    var running: [UInt: Running] = [:]
    var nextRunningToken = 0
    /// Whether the main queue is waiting for operations that outrank its job: it cannot take a
    /// turn then, so no operation waits for one.
    var mainQueueYielding = false
    /// The waiting operations whose turn of the main queue has come.
    var mainTurnsTaken: Set<Int> = []
    var nextWaiterID = 0
    var safetyNetReleases = 0
    var mainQueueYields = 0

    /// How many operations of each kind have started, to name the next one.
    var operationsOfKind: [String: Int] = [:]
    var mainJobsDrawn = 0

    /// The priority of the next thread of `kind`: drawn from the seed, the kind and how many of
    /// that kind came before, not from the order in which threads of different kinds happen to
    /// arrive, so that a rerun of the seed gives each operation the same priority.
    mutating func priority(ofNext kind: String, seed: UInt64, depth: Int) -> Int {
      let ordinal = operationsOfKind[kind, default: 0]
      operationsOfKind[kind] = ordinal + 1
      var generator = SeededGenerator(
        seed: seed ^ PCTScheduler.stableHash(kind) &+ UInt64(ordinal) &* 0x9E37_79B9_7F4A_7C15)
      return depth + Int.random(in: 0..<1_000_000, using: &generator)
    }
  }

  /// The k over which the stress spreads the change points unless told otherwise: about the
  /// steps a stress iteration takes (`race-lab stress --scheduler pct` prints the largest).
  public static let defaultExpectedSteps = 60

  /// The bug depth d.
  public let depth: Int
  private let seed: UInt64
  private let state: PlatformLock<State>
  private let condition = NSCondition()
  private let safetyNet: TimeInterval

  /// A scheduler for one run. `expectedSteps` is the k over which the d − 1 change points are
  /// spread; `safetyNet` bounds each wait (see the type's documentation).
  public init(seed: UInt64, depth: Int, expectedSteps: Int, safetyNet: TimeInterval = 0.05) {
    precondition(depth >= 1, "PCT needs a depth of 1 or more")
    self.depth = depth
    self.seed = seed
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
      .publishedValueStored, .publishedValueReadingOffMain, .fileWriteStarting,
      .fileWriteFinishing, .fileWriteLostAtSuspension, .appSuspended,
      .healthCallbackDelivering(.authorization), .healthCallbackDelivering(.save),
      .healthCallbackDelivering(.query), .healthCallbackReturned(.authorization),
      .healthCallbackReturned(.save), .healthCallbackReturned(.query),
    ]
    for checkpoint in checkpoints {
      let starts = Self.startsOperation(checkpoint)
      let nextStepCertain = Self.nextStepIsCertain(after: checkpoint)
      platform.checkpoints.install(at: checkpoint) { [self] in
        reach(checkpoint, startingOperation: starts, nextStepCertain: nextStepCertain)
      }
    }
  }

  /// What the scheduler saw so far.
  public var measure: Measure {
    state.withLock {
      Measure(
        threads: $0.operations + $0.mainJobs, steps: $0.steps, depth: depth,
        safetyNetReleases: $0.safetyNetReleases, mainQueueYields: $0.mainQueueYields)
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

  /// Whether the platform always reaches another checkpoint on the same thread after this one:
  /// a write started ends (on the disk or lost), a callback delivered returns. Between the two,
  /// the operation is running, and the main queue lets it run if it outranks the main queue's
  /// job; after its last checkpoint, the scheduler cannot tell when it ends, so it does not.
  private static func nextStepIsCertain(after checkpoint: Checkpoint) -> Bool {
    switch checkpoint {
    case .fileWriteStarting, .healthCallbackDelivering: true
    default: false
    }
  }

  /// One step, on whichever thread reached it.
  private func reach(_ checkpoint: Checkpoint, startingOperation: Bool, nextStepCertain: Bool) {
    if ExecutionContext.isOnMainQueue {
      reachOnMainQueue()
    } else {
      reachOffMainQueue(
        kind: "\(checkpoint)", startingOperation: startingOperation,
        nextStepCertain: nextStepCertain)
    }
  }

  /// A main-queue step: a new job gets its own priority; the job waits while a waiting
  /// operation outranks it.
  private func reachOnMainQueue() {
    let (priority, putMarker) = state.withLock { state -> (Int, Bool) in
      state.steps += 1
      if state.mainJobEnded {
        state.mainJobEnded = false
        state.mainJobCounted = false
        state.mainPriority = state.priority(ofNext: "main-queue job", seed: seed, depth: depth)
      }
      if !state.mainJobCounted {
        state.mainJobCounted = true
        state.mainJobs += 1
      }
      if let lowered = state.changePoints[state.steps] { state.mainPriority = lowered }
      let putMarker = !state.mainMarkerPending
      state.mainMarkerPending = true
      return (state.mainPriority, putMarker)
    }
    if putMarker {
      // Runs once the current job has ended: what the main queue runs next is a new job.
      DispatchQueue.main.async { [state] in
        state.withLock {
          $0.mainJobEnded = true
          $0.mainMarkerPending = false
        }
      }
    }
    // Operations held for this job's turn may go now if it ranks below them.
    broadcast()
    let deadline = Date(timeIntervalSinceNow: safetyNet)
    var yielded = false
    var timedOut = false
    condition.lock()
    while state.withLock({ state in
      let outranked =
        state.waiting.contains { $0.priority > priority }
        || state.running.values.contains { $0.priority > priority }
      state.mainQueueYielding = outranked
      return outranked
    }) {
      if !yielded {
        yielded = true
        // Operations waiting for a turn of the main queue need not: it is not taking one.
        condition.broadcast()
      }
      if !condition.wait(until: deadline) {
        timedOut = true
        break
      }
    }
    state.withLock { $0.mainQueueYielding = false }
    condition.unlock()
    if yielded || timedOut {
      state.withLock { state in
        if yielded { state.mainQueueYields += 1 }
        if timedOut { state.safetyNetReleases += 1 }
      }
    }
  }

  /// A step off the main queue: held while a waiting operation of higher priority has not gone
  /// on, or while the main queue's current job outranks this one and has not ended.
  private func reachOffMainQueue(kind: String, startingOperation: Bool, nextStepCertain: Bool) {
    let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
    let (priority, waiterID, mainOutranks) = state.withLock { state -> (Int, Int, Bool) in
      state.steps += 1
      state.running[thread] = nil
      if startingOperation || state.priorityOfThread[thread] == nil {
        state.operations += 1
        state.priorityOfThread[thread] = state.priority(ofNext: kind, seed: seed, depth: depth)
      }
      if let lowered = state.changePoints[state.steps] {
        state.priorityOfThread[thread] = lowered
      }
      let priority = state.priorityOfThread[thread]!
      let id = state.nextWaiterID
      state.nextWaiterID += 1
      state.waiting.append(Waiter(id: id, priority: priority))
      return (priority, id, state.mainPriority > priority)
    }
    if mainOutranks {
      takeMainTurn(for: waiterID, priority: priority, turnsLeft: Self.mainJobsAhead)
    }
    let deadline = Date(timeIntervalSinceNow: safetyNet)
    var timedOut = false
    condition.lock()
    while !timedOut {
      let mustWait = state.withLock { state in
        let operationOutranks = state.waiting.contains {
          $0.priority > priority && $0.id != waiterID
        }
        let mainJobOutranks =
          !state.mainQueueYielding && state.mainPriority > priority
          && !state.mainTurnsTaken.contains(waiterID)
        return operationOutranks || mainJobOutranks
      }
      guard mustWait else { break }
      if !condition.wait(until: deadline) { timedOut = true }
    }
    condition.unlock()
    // Running from here: until the next checkpoint when the platform is sure to reach one, or
    // else until the end of the block this runs on an app's serial queue, when it is one.
    let appQueue = nextStepCertain ? nil : ExecutionContext.currentRegisteredQueue
    let token = state.withLock { state in
      state.waiting.removeAll { $0.id == waiterID }
      state.mainTurnsTaken.remove(waiterID)
      if timedOut { state.safetyNetReleases += 1 }
      let token = state.nextRunningToken
      state.nextRunningToken += 1
      if nextStepCertain || appQueue != nil {
        state.running[thread] = Running(priority: priority, token: token)
      }
      return token
    }
    appQueue?.async { [self] in
      state.withLock { state in
        if state.running[thread]?.token == token { state.running[thread] = nil }
      }
      broadcast()
    }
    broadcast()
  }

  /// At most how many main-queue jobs, each outranking it, an operation lets go first at one
  /// step: a bound counted in jobs, not in time, so that a waiting operation is never starved
  /// by a main queue that keeps getting work.
  static let mainJobsAhead = 8

  /// Lets the main queue's current job end before the operation `waiterID`: a block queued on
  /// the main queue runs once what is queued before it has. The next job then gets its own
  /// priority; while it outranks the operation too, the operation lets it go first as well.
  private func takeMainTurn(for waiterID: Int, priority: Int, turnsLeft: Int) {
    DispatchQueue.main.async { [self] in
      let another = state.withLock { state -> Bool in
        guard state.waiting.contains(where: { $0.id == waiterID }) else { return false }
        state.mainJobEnded = false
        state.mainJobCounted = false
        state.mainPriority = state.priority(ofNext: "main-queue job", seed: seed, depth: depth)
        guard state.mainPriority > priority, turnsLeft > 1 else {
          state.mainTurnsTaken.insert(waiterID)
          return false
        }
        return true
      }
      if another {
        takeMainTurn(for: waiterID, priority: priority, turnsLeft: turnsLeft - 1)
      } else {
        broadcast()
      }
    }
  }

  /// FNV-1a over the UTF-8 bytes: the same in every process, unlike `Hasher`.
  static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0100_0000_01b3 }
  }

  private func broadcast() {
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }
}
