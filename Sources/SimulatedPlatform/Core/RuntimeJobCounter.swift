import Dispatch
import Foundation

/// Counts every job of Swift's global executor (where tasks, actors and nonisolated async code
/// run) from the moment it is enqueued until it has returned and the main queue has run every
/// block it queued there, through the runtime's `swift_task_enqueueGlobal_hook` (declared in the
/// Swift runtime's `include/swift/Runtime/Concurrency.h`; tested on this toolchain by
/// `SettlingTests`).
///
/// Counting keeps concurrency real: jobs run in parallel on a concurrent Dispatch queue, not one
/// at a time. Its pool is Dispatch's, not the cooperative pool: it is as wide as the machine, but
/// unlike the cooperative pool it adds threads when jobs block theirs, so code that blocks a pool
/// thread until another job runs (a semaphore wait in async code) stalls on the real pool and not
/// here. What the count adds comes after the job has returned: the count drops in a block queued on the main queue behind
/// whatever the job queued there (a hop to the main actor, a `DispatchQueue.main.async`), so a
/// job's main-queue successors are in flight before the job stops counting.
///
/// Not every enqueue passes through the hook. `Task.yield()` enqueues through
/// `Task.currentExecutor.enqueue` (the standard library's `Task.swift`, Swift 6.2 on), which in
/// `swift test` was seen to skip it: a yielding task went uncounted. `Task.sleep` goes through
/// other hooks, not installed here. The apps and exercises here neither yield nor sleep; code
/// that does is settled only as far as the drains reach.
///
/// Jobs of the main actor cannot be counted the same way: the runtime does not call its
/// `swift_task_enqueueMainExecutor_hook` (https://github.com/swiftlang/swift/issues/63104, still
/// so on this toolchain), so `settle` drains the main queue instead. The hooks are exported
/// runtime variables, not API: where `dlsym` cannot find the global one (another runtime),
/// nothing is installed, `isCounting` is false, and `settle` falls back to quiet rounds.
enum RuntimeJobCounter {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private static let globalJobs = DispatchQueue(
    label: "lab global executor", attributes: .concurrent)

  /// Whether runtime jobs are counted in this process.
  static var isCounting: Bool { installation }

  /// Installs the hook, once per process; later calls do nothing.
  static func install() {
    _ = installation
  }

  /// The generic executor, where a global job runs when the runtime runs it itself: no actor, no
  /// task executor. Not `globalConcurrentExecutor` as a task executor: a task run with that
  /// preference enqueues its later jobs on it directly, past the hook, and they would go
  /// uncounted (seen on this toolchain: a yielding task's jobs vanished from the count). The
  /// runtime spells it as an executor reference of two null words (`SerialExecutorRef::generic()`
  /// in the runtime's `include/swift/ABI/Executor.h`); Swift has no public name for it.
  private static let genericExecutor = unsafeBitCast((0, 0), to: UnownedSerialExecutor.self)

  private static let installation: Bool = {
    guard MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<(Int, Int)>.size,
      let hook = dlsym(dlopen(nil, RTLD_LAZY), "swift_task_enqueueGlobal_hook")
    else { return false }
    hook.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in
      RuntimeJobCounter.enqueue(job)
    }
    return true
  }()

  private static func enqueue(_ job: UnownedJob) {
    InFlightWork.jobEnqueued()
    globalJobs.async {
      job.runSynchronously(on: genericExecutor)
      InFlightWork.jobReturned()
      // The main queue runs blocks in the order they were queued: this one runs after every
      // main-queue block and main-actor job the job queued.
      DispatchQueue.main.async { InFlightWork.jobFinished() }
    }
  }
}
