import Foundation

/// A task executor that runs nothing by itself: jobs wait in a queue until the test calls
/// `runUntilIdle()`, which runs them one at a time on the calling thread until none is left.
///
/// Tasks started with `Task(executorPreference: executor) { ... }`, and their child tasks
/// (`async let`, task groups), run their nonisolated code and the code of default actors on it.
/// When `runUntilIdle()` returns, every such task is either finished or suspended waiting for
/// something outside (a gate, a continuation): a deterministic "nothing more will happen by
/// itself", without waiting for any amount of time.
public final class StepExecutor: TaskExecutor, @unchecked Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var runsFreely = false
  }

  private let state = LockedValue(State())
  private let freeQueue = DispatchQueue(label: "KataSupport.StepExecutor")

  /// An executor with an empty queue.
  public init() {}

  /// Queues `job` (or runs it soon on the executor's own queue once it runs freely).
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let runNow = state.withLock { state in
      if state.runsFreely { return true }
      state.jobs.append(job)
      return false
    }
    if runNow { runOnFreeQueue(job) }
  }

  /// The jobs waiting to run.
  public var pendingJobs: Int { state.withLock { $0.jobs.count } }

  /// Stops holding jobs back: from now on each job runs as soon as it comes, on a serial queue of
  /// the executor's own. For the end of a check, once the interleaving that matters has been
  /// forced, so that the tasks can finish while the check awaits them.
  public func runFreely() {
    let pending = state.withLock { state in
      state.runsFreely = true
      defer { state.jobs = [] }
      return state.jobs
    }
    for job in pending { runOnFreeQueue(job) }
  }

  private func runOnFreeQueue(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    freeQueue.async { job.runSynchronously(on: executor) }
  }

  /// Runs queued jobs, oldest first, until the queue is empty; returns how many ran.
  @discardableResult
  public func runUntilIdle() -> Int {
    var count = 0
    while let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      count += 1
    }
    return count
  }
}
