import CoffeeScenarios
import Dispatch
import Foundation
import SimulatedPlatform

/// Runs Swift's global executor, where nonisolated async code and actors run, as one serial queue
/// that `settle` can drain, so that a check can tell when the app's async work is done: a task
/// started from a completion-handler shim is otherwise invisible to it. The main queue and the
/// platform's queues still run concurrently with it.
///
/// Process-wide, so only for check executables (one process per exercise check), never for the
/// test suite. A learner's code that blocks a pool thread until another pool job runs deadlocks
/// here, and the lab reports it as hung: blocking the cooperative pool is a bug anyway.
public enum SerialPool {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private static let queue = DispatchQueue(label: "lab serial pool")
  private static let jobsInFlight = Locked(0)

  /// From now on, every job of the global executor runs on one serial queue.
  public static func install() {
    guard let hook = dlsym(dlopen(nil, RTLD_LAZY), "swift_task_enqueueGlobal_hook") else {
      fatalError("this Swift runtime has no global enqueue hook")
    }
    hook.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in SerialPool.enqueue(job) }
    AdditionalExecutors.register(.init(drain: { await drain() }, isBusy: { isBusy }))
  }

  /// Whether a job is queued or running.
  public static var isBusy: Bool { jobsInFlight.withLock { $0 > 0 } }

  /// Returns once the jobs queued before the call have run.
  public static func drain() async {
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
  }

  private static func enqueue(_ job: UnownedJob) {
    jobsInFlight.withLock { $0 += 1 }
    queue.async {
      job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
      jobsInFlight.withLock { $0 -= 1 }
    }
  }
}

/// Runs `operation` in a task of its own and waits until the app has gone still, its async work
/// included. Returns the operation's result, or nil when it never finished: once nothing is left
/// to run anywhere, nothing will ever finish it. No clock is involved.
@MainActor
public func resultOnceStill<Result: Sendable>(
  on platform: SimulatedPlatform, _ driver: any CoffeeTrackerDriver,
  _ operation: @escaping @Sendable () async -> Result
) async throws -> Result? {
  let result = Locked<Result?>(nil)
  Task.detached {
    let value = await operation()
    result.withLock { $0 = value }
  }
  repeat {
    try await platform.settle(driver)
  } while SerialPool.isBusy
  return result.withLock { $0 }
}
