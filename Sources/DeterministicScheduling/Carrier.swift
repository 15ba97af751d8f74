import Dispatch
import Foundation

/// A thread that runs the scheduler's jobs, one at a time, and only when the scheduler hands it
/// the turn: real threads, so that a job can stop in the middle of synchronous code (at a
/// platform checkpoint) and another run, but never two at once.
///
/// The main lane's carrier is the main queue itself, drained by `dispatchMain()` on the process's
/// main thread, so that main-lane code passes `dispatchPrecondition(condition: .onQueue(.main))`
/// and `MainActor.assumeIsolated` as it does on a device. Every other lane's jobs run on worker
/// threads, which the scheduler keeps and reuses.
final class Carrier: @unchecked Sendable {
  /// Signalled once for each turn the scheduler hands this carrier.
  let turn = DispatchSemaphore(value: 0)
  /// Whether this is the main queue's carrier.
  let isMain: Bool
  /// The job to start at the next turn (nil when the turn resumes a paused job).
  var assigned: ScheduledJob?
  /// The thread, to tell whether a caller is the carrier of the running job.
  var thread: pthread_t?

  init(isMain: Bool) {
    self.isMain = isMain
  }
}
