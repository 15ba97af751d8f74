import DeterministicScheduling
import Dispatch
import Foundation

/// Where the platform's own asynchronous work goes: the real queues, or, inside an exploration
/// run, the scheduler's lanes, where a callback's latency is no wait but a choice of order.
enum PlatformQueues {
  /// Runs `work` on the main queue later.
  static func onMain(_ label: String, _ work: @escaping @MainActor @Sendable () -> Void) {
    if DeterministicScheduler.isRunning {
      DeterministicScheduler.shared.enqueue(
        { MainActor.assumeIsolated { work() } }, lane: .main, label: label)
    } else {
      DispatchQueue.main.async { work() }
    }
  }

  /// Runs `work` on a global queue after `delay` seconds; inside a run, as a job of its own
  /// whose turn the scheduler picks (the delay is one of the orders it explores).
  static func onGlobalQueue(
    _ label: String, after delay: TimeInterval, _ work: @escaping @Sendable () -> Void
  ) {
    if DeterministicScheduler.isRunning {
      DeterministicScheduler.shared.enqueue(work, lane: .concurrent(label), label: label)
    } else {
      DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: work)
    }
  }

  /// Waits `delay` seconds on the calling thread, as slow I/O does; inside a run, not at all:
  /// the scheduler's yield points around the I/O stand for its duration.
  static func block(for delay: TimeInterval) {
    guard delay > 0, !DeterministicScheduler.isRunning else { return }
    Thread.sleep(forTimeInterval: delay)
  }
}
