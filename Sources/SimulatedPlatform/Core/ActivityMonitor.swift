import DeterministicScheduling
import Foundation

/// Counts what a platform has in flight and every event it records, so that the lab can tell
/// when the simulated world has gone still.
///
/// Platform work is anything between a request and the moment its callback has returned: a
/// health store call, a file write, a complication fetch. The event count rises with every
/// recorded event, so a caller can see whether anything at all happened between two looks.
public final class ActivityMonitor: Sendable {
  private let events = PlatformLock(0)
  private var id: ObjectIdentifier { ObjectIdentifier(self) }

  init() {
    // Where the scheduler's executors run every job, they count them; the hook would take the
    // jobs from them.
    if !ExploringExecutors.installed { RuntimeJobCounter.install() }
  }

  /// Whether this process counts the jobs of Swift's global executor (see `waitUntilStill()`).
  public static var countsRuntimeJobs: Bool { RuntimeJobCounter.isCounting }

  /// How many jobs of Swift's global executor are queued or running in this process, counted
  /// as `waitUntilStill()` counts them; always 0 when `countsRuntimeJobs` is false.
  public static var runtimeJobsInFlight: Int { InFlightWork.runtimeJobs }

  /// Whether a job of Swift's global executor is queued or running right now. Unlike
  /// `runtimeJobsInFlight`, a job stops counting here as soon as it returns, without waiting for
  /// the main queue: a check that holds the main queue can still tell that nothing but the main
  /// queue is left to run. Always false when `countsRuntimeJobs` is false.
  public static var globalExecutorIsBusy: Bool { InFlightWork.jobsOnGlobalExecutor > 0 }

  /// How many platform operations have started and not yet finished.
  public var inFlight: Int { InFlightWork.platformWork(of: id) }

  /// How many events have been recorded so far, counting the start and the end of every piece
  /// of platform work as events too.
  public var eventCount: Int { events.withLock { $0 } }

  /// Some platform work starts: it is in flight until the matching `end()`.
  func begin() {
    noteEvent()
    InFlightWork.beginPlatformWork(of: id)
  }

  /// Some platform work has finished, its callback included.
  func end() {
    noteEvent()
    InFlightWork.endPlatformWork(of: id)
  }

  func noteEvent() {
    events.withLock { $0 += 1 }
  }

  /// Returns once no platform operation of this platform is in flight (runtime jobs aside).
  public func waitUntilNothingInFlight() async {
    if DeterministicScheduler.isRunning {
      await DeterministicScheduler.shared.waitUntilStill()
      return
    }
    await InFlightWork.waitUntilNoPlatformWork(id)
  }

  /// Returns at an instant when this platform has no work in flight and no job of Swift's global
  /// executor is queued or running anywhere in the process (when `countsRuntimeJobs`; else
  /// platform work only).
  public func waitUntilStill() async {
    if DeterministicScheduler.isRunning {
      await DeterministicScheduler.shared.waitUntilStill()
      return
    }
    await InFlightWork.waitUntilStill(id)
  }
}
