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
/// `Task.detached`, keep running on the global pool, so a blocked executor does not stop the
/// transport from answering.
public final class FixedWidthExecutor: TaskExecutor, @unchecked Sendable {
  // `jobs` and `stopping` are only touched while `condition` is locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopping = false

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
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// The jobs waiting for a free thread: when every thread is blocked, the work of the other
  /// tasks waits here.
  public var pendingJobs: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  /// Lets the threads end once no job is left. Jobs queued after this may never run: shut down
  /// only once the tasks on the executor have finished.
  public func shutDown() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// One thread's loop: takes the oldest job, runs it to its end (its next suspension point, or
  /// the end of its task), and starts over.
  private func runJobs() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
