import DeterministicScheduling
import Dispatch
import Foundation

/// A dispatch queue that the lab's scheduler can own: outside an exploration run it is a real
/// `DispatchQueue` and does exactly what one does; inside a run (`race-lab explore`), each block
/// it is given is a job of the scheduler, on the queue's lane, so the scheduler decides its turn.
///
/// The before variant reaches it without a change to its source: its module declares
/// `typealias DispatchQueue = ScheduledDispatchQueue` in a file of the lab's own
/// (`ScheduledQueues.swift`), and a module's own declarations win over imported ones, so
/// `DispatchQueue(label:qos:)` and `DispatchQueue.main.async` in Apple's code name this type. The
/// exercises' modules of the coffee track keep that file while they still have a queue, so that
/// an exploring check orders the learner's blocks too. Here are the calls the app makes and the
/// common ones a learner may write instead (`sync`, `asyncAfter`, `global()`); anything else
/// would not compile, rather than escape the scheduler.
public final class ScheduledDispatchQueue: @unchecked Sendable {
  /// The queue the app would have had.
  public let queue: Dispatch.DispatchQueue
  /// The scheduler's lane for it.
  let lane: JobLane

  private init(queue: Dispatch.DispatchQueue, lane: JobLane) {
    self.queue = queue
    self.lane = lane
  }

  /// A serial queue named `label`.
  public convenience init(label: String, qos: DispatchQoS = .unspecified) {
    self.init(queue: Dispatch.DispatchQueue(label: label, qos: qos), lane: .serial(label))
  }

  /// A global concurrent queue: inside a run, a concurrent lane of the scheduler's.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> ScheduledDispatchQueue {
    ScheduledDispatchQueue(queue: .global(qos: qos), lane: .concurrent("global queue"))
  }

  /// The main queue: the scheduler's main lane.
  public static let main = ScheduledDispatchQueue(queue: .main, lane: .main)

  /// Runs `work` on the queue later: on the real queue, or as a job of the scheduler's run.
  /// `@Sendable`, as Dispatch's own `async(execute:)` is, so that the Swift 6 compiler diagnoses
  /// the before variant's captures as it would with Dispatch (`make diagnose`).
  public func async(execute work: @escaping @Sendable () -> Void) {
    if DeterministicScheduler.isRunning {
      DeterministicScheduler.shared.enqueue(
        work, lane: lane, label: "a block on the \(ExecutionContext.name(of: self))")
    } else {
      queue.async(execute: work)
    }
  }

  /// Runs `work` on the queue `delay` from now: a timer of the scheduler's run, on virtual
  /// time, or the real queue's `asyncAfter`.
  public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
    if DeterministicScheduler.isRunning {
      let nanoseconds = deadline.uptimeNanoseconds.subtractingReportingOverflow(
        DispatchTime.now().uptimeNanoseconds)
      let delay = Duration.nanoseconds(nanoseconds.overflow ? 0 : Int64(nanoseconds.partialValue))
      // The caller read the clock a moment before this did: the delay is the one asked for, less
      // that moment. Rounded up to whole milliseconds, it is the one asked for (in whole
      // milliseconds, as `.now() + .seconds(30)` is) whenever that moment is under one, so that
      // two runs of one schedule agree on a busy machine too.
      DeterministicScheduler.shared.enqueue(
        work, lane: lane, label: "a block on the \(ExecutionContext.name(of: self))",
        after: .milliseconds((delay / .milliseconds(1)).rounded(.up)))
    } else {
      queue.asyncAfter(deadline: deadline, execute: work)
    }
  }

  /// Runs `work` on the queue and waits for it. Inside a run, as with Dispatch: a serial queue's
  /// `sync` waits for the blocks queued on it before, and runs ahead of those queued after
  /// (`DeterministicScheduler.runSynchronously(on:_:)`); a global queue's runs at once. A check
  /// of the queue inside `work` sees this one. A serial queue's `sync` from a block of that very
  /// queue waits for itself with Dispatch and never returns; here it stops the program, saying so.
  public func sync<T>(execute work: () throws -> T) rethrows -> T {
    guard DeterministicScheduler.isRunning else { return try queue.sync(execute: work) }
    let scheduler = DeterministicScheduler.shared
    if lane.isSerial, scheduler.currentLane == lane {
      preconditionFailure(
        "sync on the \(ExecutionContext.name(of: self)) from that very queue: with Dispatch, a "
          + "deadlock")
    }
    return try scheduler.runSynchronously(on: lane, work)
  }
}

/// What `dispatchPrecondition(condition:)` checks, for the queues the scheduler can own.
public enum ScheduledDispatchPredicate: Sendable {
  case onQueue(ScheduledDispatchQueue)
  case notOnQueue(ScheduledDispatchQueue)
}

extension ScheduledDispatchQueue {
  /// Stops the program unless `condition` holds: Dispatch's own check outside an exploration
  /// run, the scheduler's lane inside one (its jobs run on its own threads, not on the queues).
  public static func precondition(
    _ condition: ScheduledDispatchPredicate, file: StaticString = #file, line: UInt = #line
  ) {
    guard DeterministicScheduler.isRunning, let lane = DeterministicScheduler.shared.currentLane
    else {
      switch condition {
      case .onQueue(let queue): dispatchPrecondition(condition: .onQueue(queue.queue))
      case .notOnQueue(let queue): dispatchPrecondition(condition: .notOnQueue(queue.queue))
      }
      return
    }
    switch condition {
    case .onQueue(let queue):
      Swift.precondition(
        lane == queue.lane, "not on the \(ExecutionContext.name(of: queue))", file: file,
        line: line)
    case .notOnQueue(let queue):
      Swift.precondition(
        lane != queue.lane, "on the \(ExecutionContext.name(of: queue))", file: file, line: line)
    }
  }
}
