import Dispatch
import Foundation

/// A thread that runs the scheduler's jobs, one at a time, and only when the scheduler hands it
/// the turn: real threads, so that a job can stop in the middle of synchronous code (at a
/// platform checkpoint) and another run, but never two at once. The thread that starts a run
/// runs its jobs one after the other; a worker takes over only while a job is stopped at a yield
/// point, so a run in the default order switches no thread at all.
final class Carrier: @unchecked Sendable {
  /// Signalled once for each turn the scheduler hands this carrier.
  let turn = DispatchSemaphore(value: 0)
  /// The job to start at the next turn (nil when the turn resumes a paused job).
  var assigned: ScheduledJob?
  /// The thread, to tell whether a caller is the carrier of the running job.
  var thread: pthread_t?
  /// The kernel's id of the thread, where `/proc` gives it (`ThreadStates`).
  var kernelID: String?
}
