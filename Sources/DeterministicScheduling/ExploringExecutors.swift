// The main and default executors that hand every job of the concurrency runtime to the
// scheduler. Built on the experimental executor interface of the Concurrency module in Swift 6.3
// (`ExecutorFactory`, `MainExecutor`, `SchedulingExecutor`, `_createExecutors(factory:)`, behind
// `@_spi(ExperimentalCustomExecutors)`), the design pitched as "Custom Main and Global Executors"
// on the Swift forums (forums.swift.org/t/pitch-2-custom-main-and-global-executors/78437); not yet
// an accepted proposal, so it lives behind `#if compiler(>=6.3)` and an availability check.
import Dispatch
import Foundation

#if compiler(>=6.3)
  @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

/// Installs the scheduler's executors for this process, once, before any task exists.
public enum ExploringExecutors {
  /// Makes the scheduler's executors the process's main and default executors. Call it first
  /// thing in `main.swift`: the runtime chooses its executors once, when the first task is made.
  /// Returns false where the toolchain or the platform has no such interface.
  @discardableResult
  public static func install() -> Bool {
    #if compiler(>=6.3)
      guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else {
        return false
      }
      _createExecutors(factory: ScheduledExecutorFactory.self)
      installed = true
      return true
    #else
      return false
    #endif
  }

  /// Whether `install()` ran in this process. Written once, first thing in `main.swift`, before
  /// any other thread exists.
  public nonisolated(unsafe) static var installed = false
}

#if compiler(>=6.3)
  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  enum ScheduledExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { ScheduledMainExecutor.shared }
    static var defaultExecutor: any TaskExecutor { ScheduledDefaultExecutor.shared }
  }

  /// Turns a delay given on any clock into the run's virtual time: `Task.sleep(for:)` hands the
  /// executor an instant of the real clock, so only the distance from now counts, rounded to
  /// milliseconds so that runs agree.
  func virtualDelay<C: Clock>(_ delay: C.Duration, clock: C) -> Duration {
    guard let duration = delay as? Duration else { return .zero }
    let milliseconds = (duration / .milliseconds(1)).rounded()
    return .milliseconds(Int64(max(0, milliseconds)))
  }

  func virtualDelay<C: Clock>(until instant: C.Instant, clock: C) -> Duration {
    virtualDelay(clock.now.duration(to: instant), clock: clock)
  }
#endif

/// The main lane's executor: the main actor's jobs run on the main queue, one at a time, when
/// the scheduler hands them the turn.
final class ScheduledMainExecutor: SerialExecutor, @unchecked Sendable {
  static let shared = ScheduledMainExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    // `Task.yield()` on the main actor queues its continuation here.
    let isYield = ScheduledDefaultExecutor.isYield(job)
    DeterministicScheduler.shared.enqueue(
      .task(UnownedJob(job), onMain: true), lane: .main,
      label: isYield ? "a main-actor task that yielded" : "main-actor job", isYield: isYield)
    DeterministicScheduler.shared.queuingPoint()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func isIsolatingCurrentContext() -> Bool? {
    DeterministicScheduler.shared.currentLane == .main
  }

  func checkIsolated() {
    precondition(
      DeterministicScheduler.shared.currentLane == .main, "not on the scheduler's main lane")
  }
}

/// The default executor: every job on its own concurrent lane.
final class ScheduledDefaultExecutor: TaskExecutor, @unchecked Sendable {
  static let shared = ScheduledDefaultExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let isYield = Self.isYield(job)
    DeterministicScheduler.shared.enqueue(
      .task(UnownedJob(job), onMain: false), lane: .concurrent("task"),
      label: isYield ? "a task that yielded" : "task job", isYield: isYield)
    DeterministicScheduler.shared.queuingPoint()
  }

  /// The runtime's job kind for the continuation `Task.yield()` queues on the current executor
  /// (`JobKind::NullaryContinuation` in the runtime's `swift/ABI/MetadataValues.h`; kinds from
  /// 192 are the runtime's own, `ExecutorJob.Kind.firstReserved`). A test pins it
  /// (`FidelityCommandTests`: a busy-wait on `Task.yield()` ends only while this kind is seen).
  static let nullaryContinuationKind: UInt8 = 195

  static func isYield(_ job: borrowing ExecutorJob) -> Bool {
    #if compiler(>=6.3)
      if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
        return job.kind.rawValue == nullaryContinuationKind
      }
    #endif
    return false
  }
}

/// The executor the scheduler names when it runs a job of the default executor. Not the
/// generic executor, on purpose: the runtime runs a hop to an idle actor inline when the job
/// runs on the generic executor, and such a hop would be no scheduling point; a job on this one
/// may not switch (`swift_job_run` allows switching on the generic executor only), so the hop
/// out of it is a job the scheduler orders. That holds for the first hop: once on a default
/// actor, whose drain allows switching, a task with no executor preference hops on inline to
/// the pool or to an idle actor (`swift_task_switch`, `canGiveUpThreadForSwitch` in the
/// runtime's Actor.cpp); `race-lab fidelity` measures the orders that leaves out. (Measured on
/// Swift 6.3.1, Linux, before this
/// scheduler was written: an actor-reentrancy lost update hid in 200 of 200 seeded runs of jobs
/// on the generic executor, and showed in 162 of 200 on a serial executor of this kind.) Nothing
/// is isolated to it; what the runtime queues on it (the continuation of a `Task.yield()`, which
/// goes to the current executor) goes to the default lane.
final class HopExecutor: SerialExecutor, @unchecked Sendable {
  static let shared = HopExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    // `Task.yield()` queues its continuation on the current executor: this one, for a task job.
    let isYield = ScheduledDefaultExecutor.isYield(job)
    DeterministicScheduler.shared.enqueue(
      .task(UnownedJob(job), onMain: false), lane: .concurrent("task"),
      label: isYield ? "a task that yielded" : "task job", isYield: isYield)
    DeterministicScheduler.shared.queuingPoint()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

#if compiler(>=6.3)
  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  extension ScheduledMainExecutor: MainExecutor, SchedulingExecutor {
    func run() throws { dispatchMain() }
    func stop() {}

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      DeterministicScheduler.shared.enqueue(
        .task(UnownedJob(job), onMain: true), lane: .main, label: "main-actor timer",
        after: virtualDelay(delay, clock: clock))
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      DeterministicScheduler.shared.enqueue(
        .task(UnownedJob(job), onMain: true), lane: .main, label: "main-actor timer",
        after: virtualDelay(until: instant, clock: clock))
    }
  }

  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  extension ScheduledDefaultExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      DeterministicScheduler.shared.enqueue(
        .task(UnownedJob(job), onMain: false), lane: .concurrent("timer"), label: "timer",
        after: virtualDelay(delay, clock: clock))
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      DeterministicScheduler.shared.enqueue(
        .task(UnownedJob(job), onMain: false), lane: .concurrent("timer"), label: "timer",
        after: virtualDelay(until: instant, clock: clock))
    }
  }
#endif
