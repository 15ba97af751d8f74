import Foundation

/// A task executor with a fixed number of threads of its own, which run its jobs oldest first: a
/// stand-in for Swift's cooperative thread pool whose width does not depend on the machine.
///
/// The cooperative pool that runs tasks by default has about one thread per core, and expects
/// every job to return quickly: code that blocks its thread (a semaphore waiting for a callback,
/// say) takes a thread away from every other task until it is unblocked. The width of that pool
/// is the machine's, so a test that counts how many tasks got to run would give one verdict on
/// two cores and another on sixty-four. Tasks started with
/// `Task.detached(executorPreference: executor) { ... }` run their nonisolated code on these
/// `width` threads instead, whatever the machine: if each of them blocks, no further job of the
/// executor runs until one is unblocked.
///
/// Tasks without this preference, such as the ones `SimulatedTransport` starts with
/// `Task.detached`, keep running on the global pool (SE-0417: unstructured tasks do not inherit
/// a task executor preference), so a blocked executor does not stop the transport answering.
public final class FixedWidthExecutor: TaskExecutor, @unchecked Sendable {
  private struct State: WaitableState {
    var jobs: [UnownedJob] = []
    /// Jobs that a thread has taken and not finished: running, or blocked inside.
    var running = 0
    var stopping = false
    var waiters = ConditionWaiters<State>()
  }

  private let state = LockedValue(State())
  /// One signal per queued job, and one per thread to end it: a thread parks here between jobs.
  private let wakeUp = DispatchSemaphore(value: 0)

  /// How many threads run the jobs.
  public let width: Int

  /// Starts `width` threads that wait for jobs. Call `shutDown()` when done with the executor,
  /// or its threads wait for ever.
  public init(width: Int) {
    precondition(width > 0, "an executor needs at least one thread")
    self.width = width
    for index in 0..<width {
      let thread = Thread { self.runJobs() }
      thread.name = "KataSupport.FixedWidthExecutor \(index + 1) of \(width)"
      thread.start()
    }
  }

  /// Queues `job` for the next free thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    update { $0.jobs.append(job) }
    wakeUp.signal()
  }

  /// The jobs waiting for a free thread: when every thread is blocked, the work of the other
  /// tasks waits here.
  public var pendingJobs: Int { state.withLock { $0.jobs.count } }

  /// The jobs a thread is running now, or is blocked inside.
  public var runningJobs: Int { state.withLock { $0.running } }

  /// Suspends until no job runs and none waits, and returns true: every task on the executor has
  /// then finished or is suspended, waiting for something outside. False if `timeout` passes
  /// first: a task that blocks a thread keeps its job running. The timeout is a safety net
  /// against hangs, never a verdict.
  @discardableResult
  public func waitUntilIdle(timeout: Duration = .seconds(10)) async -> Bool {
    await state.waitUntil(timeout: timeout) { $0.jobs.isEmpty && $0.running == 0 }
  }

  /// Lets the threads end once no job is left. Jobs queued after this may never run: shut down
  /// only once the tasks on the executor have finished.
  public func shutDown() {
    update { $0.stopping = true }
    for _ in 0..<width { wakeUp.signal() }
  }

  /// One thread's loop: takes the oldest job, runs it to its end (its next suspension point, or
  /// the end of its task), and starts over; ends when shut down and no job is left.
  private func runJobs() {
    while true {
      wakeUp.wait()
      let job = state.withLock { state -> UnownedJob? in
        guard !state.jobs.isEmpty else { return nil }
        state.running += 1
        return state.jobs.removeFirst()
      }
      guard let job else {
        // No job for this signal: it was one of shutDown()'s.
        if state.withLock({ $0.stopping }) { return }
        continue
      }
      job.runSynchronously(on: asUnownedTaskExecutor())
      update { $0.running -= 1 }
    }
  }

  /// Changes the state and wakes whoever waits for what it now satisfies.
  private func update(_ body: (inout State) -> Void) {
    let ready = state.withLock { state in
      body(&state)
      return state.takeSatisfiedWaiters()
    }
    for waiter in ready { waiter.resume(returning: true) }
  }
}
