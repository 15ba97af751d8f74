import Dispatch
import Foundation

/// Everything in flight in this process that can still make an app on a simulated platform do
/// something: the jobs of Swift's global executor, and each platform's own work. One lock guards
/// all the counters, so one look at them sees one instant: an app's work always starts its next
/// step before the current one ends (a callback resumes a continuation before it returns, a job
/// enqueues its successor before it returns), so "everything is zero" at one instant means
/// nothing is left to run.
///
/// Jobs are counted process-wide, not per platform: a job cannot be told apart by the test that
/// started it when it is enqueued. So a platform waiting for stillness also waits for the jobs of
/// other tests running beside it, which only delays it; it never changes what any job does.
enum InFlightWork {
  private struct State {
    var runtimeJobs = 0
    /// The jobs queued or running on the global executor: counted down as soon as each returns.
    var jobsOnGlobalExecutor = 0
    var platformWork: [ObjectIdentifier: Int] = [:]
    var stillnessWaiters: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]
    var platformIdleWaiters: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]

    func isStill(_ platform: ObjectIdentifier) -> Bool {
      runtimeJobs == 0 && platformWork[platform, default: 0] == 0
    }

    /// Removes and returns the waiters whose platform is still now.
    mutating func takeWaitersNowStill() -> [CheckedContinuation<Void, Never>] {
      guard runtimeJobs == 0 else { return [] }
      var ready: [CheckedContinuation<Void, Never>] = []
      for (platform, waiters) in stillnessWaiters where platformWork[platform, default: 0] == 0 {
        ready += waiters
        stillnessWaiters[platform] = nil
      }
      return ready
    }
  }

  private static let state = PlatformLock(State())

  /// How many runtime jobs are queued or running.
  static var runtimeJobs: Int { state.withLock { $0.runtimeJobs } }

  static var jobsOnGlobalExecutor: Int { state.withLock { $0.jobsOnGlobalExecutor } }

  static func platformWork(of platform: ObjectIdentifier) -> Int {
    state.withLock { $0.platformWork[platform, default: 0] }
  }

  static func beginPlatformWork(of platform: ObjectIdentifier) {
    state.withLock { $0.platformWork[platform, default: 0] += 1 }
  }

  static func endPlatformWork(of platform: ObjectIdentifier) {
    let ready = state.withLock { state in
      let remaining = state.platformWork[platform, default: 0] - 1
      precondition(remaining >= 0, "platform work ended more often than it began")
      // Forget a platform with nothing in flight, so that no entry outlives its platform.
      state.platformWork[platform] = remaining == 0 ? nil : remaining
      var ready = state.takeWaitersNowStill()
      if remaining == 0 {
        ready += state.platformIdleWaiters.removeValue(forKey: platform) ?? []
      }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  static func jobEnqueued() {
    state.withLock {
      $0.runtimeJobs += 1
      $0.jobsOnGlobalExecutor += 1
    }
  }

  static func jobReturned() {
    state.withLock { $0.jobsOnGlobalExecutor -= 1 }
  }

  static func jobFinished() {
    let ready = state.withLock { state in
      state.runtimeJobs -= 1
      return state.takeWaitersNowStill()
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once `platform` has no work in flight, whatever the runtime's jobs are doing.
  static func waitUntilNoPlatformWork(_ platform: ObjectIdentifier) async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state in
        if state.platformWork[platform, default: 0] == 0 { return true }
        state.platformIdleWaiters[platform, default: []].append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// Returns at an instant when no runtime job is queued or running and `platform` has no work
  /// in flight.
  static func waitUntilStill(_ platform: ObjectIdentifier) async {
    await withCheckedContinuation { continuation in
      let isStill = state.withLock { state in
        if state.isStill(platform) { return true }
        state.stillnessWaiters[platform, default: []].append(continuation)
        return false
      }
      if isStill { continuation.resume() }
    }
  }
}

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
