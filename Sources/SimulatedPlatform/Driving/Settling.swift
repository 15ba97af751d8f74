import DeterministicScheduling
import Dispatch
import Foundation

/// The lab could not tell when the app went still.
public struct SettleError: Error, CustomStringConvertible {
  public let rounds: Int
  public var description: String {
    "the app kept working after \(rounds) rounds of waiting; is something looping?"
  }
}

extension SimulatedPlatform {
  /// Waits until the app on this platform has gone still: nothing of it is queued, running or
  /// in flight anywhere, so nothing it does can change what an observer sees any more. No sleeps
  /// and no clock: each wait ends when the work it waits for has run.
  ///
  /// ## What is counted, and what is drained
  ///
  /// - Platform work (a health store call until its callback has returned, a file write, a
  ///   complication fetch) is counted by the platform's `ActivityMonitor`.
  /// - Every job of Swift's global executor is counted from its enqueue until it has returned
  ///   and the main queue has run what it queued there (`ActivityMonitor.countsRuntimeJobs`,
  ///   through the runtime's enqueue hook). That covers the tasks the app starts, its actors (a
  ///   default actor runs as jobs on the global executor), its nonisolated async code, and a
  ///   task suspended on a continuation or on another task: whoever resumes it enqueues it.
  /// - The main queue (main-actor jobs and `DispatchQueue.main` blocks, which the runtime does
  ///   not let the lab count) and the app's own queues and actors are drained: a block queued
  ///   behind their work runs once that work has run.
  ///
  /// Counted work starts its successor before it stops counting: a platform callback resumes a
  /// continuation, or queues a block on the main queue, before it returns and ends; a job
  /// enqueues its successor, or the task waiting for it, before it returns, and its count drops
  /// only after the main queue has run what it queued there. One lock guards all the counts, so
  /// `waitUntilStill()` returns at an instant when nothing counted is left, never in the gap of
  /// a hand-off.
  ///
  /// ## One round, and why it is enough
  ///
  /// A round waits until nothing counted is in flight, drains the main queue, the app's own
  /// queues and actors (`drainAppExecutors()`) and the main queue again, and waits until nothing
  /// counted is in flight again. The app is still when nothing at all happened on the platform
  /// during the round: no event recorded, no platform work begun or ended. Otherwise another
  /// round runs. There is no number of quiet rounds to tune: one quiet round is the proof.
  ///
  /// The cases that look like gaps:
  /// - A health query answered but not yet applied: the callback enqueues the job that resumes
  ///   the waiting task before the query counts as ended, so the count never touches zero.
  /// - A `DispatchQueue.main.async` from a platform callback is queued before the callback ends,
  ///   so before the round's first drain, which runs it; from a job, before the job's count drops.
  /// - A job that enqueues its successor before returning: its successor counts first.
  /// - A task suspended on another task is enqueued by the job that completes the awaited task,
  ///   before that job returns.
  /// - A main-queue block that queues another main-queue block or main-actor task, or an app
  ///   queue block that queues work on the main queue, is not counted: the drains run it, in an
  ///   order (main, app, main) that follows the app's hand-offs, and a round that runs it is quiet
  ///   only if it recorded nothing. What stays unseen is a main-queue hand-off made during the
  ///   round's last drain by a block that records nothing; every such hand-off in the apps here
  ///   records an event first (a published change, a log line, a reload, a file write).
  /// - `Task.yield()` and `Task.sleep` enqueue past the hook (see `RuntimeJobCounter` in the
  ///   platform): a task that yields or sleeps is seen only through the drains and the events.
  ///   No code the lab settles does either.
  /// - Parallel Swift Testing tests share the process-wide hook: jobs are counted for the whole
  ///   process, so a settle also waits for other tests' jobs. That delays it and changes no job;
  ///   each count ends with its job, so nothing leaks from one test into another. Events count
  ///   per platform, so other tests never make a round look busy.
  ///
  /// Where the runtime has no enqueue hook (`countsRuntimeJobs` is false: `dlsym` did not find
  /// it), jobs cannot be counted and the lab falls back to what Dispatch and the platform can
  /// see: three quiet rounds in a row. That fallback can take a job queued on the cooperative
  /// pool for stillness; the toolchains this lab supports have the hook.
  @MainActor
  public func settle(_ driver: any CoffeeTrackerDriver, maximumRounds: Int = 10_000) async throws {
    // Inside an exploration run the scheduler knows when nothing can run: no rounds to count.
    if DeterministicScheduler.isRunning {
      await DeterministicScheduler.shared.waitUntilStill()
      return
    }
    let quietRoundsNeeded = ActivityMonitor.countsRuntimeJobs ? 1 : 3
    var quietRounds = 0
    var rounds = 0
    while quietRounds < quietRoundsNeeded {
      rounds += 1
      guard rounds <= maximumRounds else { throw SettleError(rounds: maximumRounds) }
      let eventsBefore = activity.eventCount
      await activity.waitUntilStill()
      await drainMainQueue()
      await driver.drainAppExecutors()
      await drainMainQueue()
      await activity.waitUntilStill()
      quietRounds = activity.eventCount == eventsBefore ? quietRounds + 1 : 0
    }
  }
}

/// Returns once every block queued on the main queue before the call has run.
@MainActor
func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

extension SimulatedPlatform {
  /// Blocks the calling thread, held by a checkpoint handler in the middle of the app's work,
  /// until the rest of the app can do nothing more without it; returns true then. A replay
  /// holds one operation this way so that whatever the app may run beside it runs first, on
  /// every variant: where the held operation blocks the rest (an actor it occupies, a task that
  /// awaits it), the wait ends as soon as nothing else can move; where it does not, the rest
  /// runs to its end first.
  ///
  /// The proof is `settle(_:)`'s, less the held thread: a round waits until no runtime job but
  /// the held one and no platform work is in flight, lets the main queue run everything queued
  /// on it, and waits again; a round in which the platform recorded nothing is the proof.
  /// Unlike `settle(_:)`, it does not drain the app's own Dispatch queues (the held thread may
  /// be holding one of them), so work queued there that records nothing goes unseen.
  ///
  /// Returns false at once on the main queue: a thread held there holds the main queue too, so
  /// nothing of the app that needs it can run, and the main queue cannot be drained from it.
  ///
  /// `heldPlatformWork` is how much platform work the held thread has begun and not ended (1 for
  /// a write held at `fileWriteStarting`, which counts as in flight from its start).
  ///
  /// `safetyNet` bounds the whole wait, so that an app that never goes still cannot hang the
  /// caller; it returns false then. It decides no verdict: on the apps here the wait ends in
  /// milliseconds, as soon as the counts allow.
  public func waitUntilStillAroundHeldThread(
    heldPlatformWork: Int = 0, safetyNet: TimeInterval = 60
  ) -> Bool {
    if ExecutionContext.isOnMainQueue { return false }
    // The held thread runs a job of the global executor when it runs in a task; that job stays
    // counted until it returns, so it is the one job allowed in flight.
    let heldJobs = withUnsafeCurrentTask { $0 != nil } ? 1 : 0
    let quietRoundsNeeded = ActivityMonitor.countsRuntimeJobs ? 1 : 3
    let deadline = Date(timeIntervalSinceNow: safetyNet)
    var quietRounds = 0
    while quietRounds < quietRoundsNeeded {
      let eventsBefore = activity.eventCount
      guard
        waitUntilNothingInFlight(besides: heldJobs, platformWork: heldPlatformWork, by: deadline)
      else { return false }
      let mainQueueRan = DispatchSemaphore(value: 0)
      DispatchQueue.main.async { mainQueueRan.signal() }
      guard mainQueueRan.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success,
        waitUntilNothingInFlight(besides: heldJobs, platformWork: heldPlatformWork, by: deadline)
      else { return false }
      quietRounds = activity.eventCount == eventsBefore ? quietRounds + 1 : 0
    }
    return true
  }

  /// Polls, from a held thread, until at most the held runtime jobs and platform work are in
  /// flight. Polling only looks again: what ends the wait is the work having run.
  private func waitUntilNothingInFlight(
    besides heldJobs: Int, platformWork heldWork: Int, by deadline: Date
  ) -> Bool {
    while activity.inFlight > heldWork || ActivityMonitor.runtimeJobsInFlight > heldJobs {
      guard Date() < deadline else { return false }
      usleep(200)
    }
    return true
  }
}
