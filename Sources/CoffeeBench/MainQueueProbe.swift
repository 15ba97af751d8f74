import Dispatch
import Foundation
import SimulatedPlatform

/// A probe scheduled on the main queue every millisecond: how late each one ran is how long
/// the main queue was busy with something else (or the thread was not running at all).
@MainActor
final class MainQueueProbe {
  private let interval = 0.001
  private var nextDue = 0.0
  private var running = false
  /// The worst lateness seen since the probe started, in seconds.
  private(set) var worstDelay = 0.0
  private(set) var probes = 0

  func start() {
    running = true
    worstDelay = 0
    probes = 0
    schedule(at: monotonicSeconds() + interval)
  }

  func stop() {
    running = false
  }

  private func schedule(at due: Double) {
    nextDue = due
    let delay = max(0, due - monotonicSeconds())
    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [self] in
      MainActor.assumeIsolated { fire() }
    }
  }

  private func fire() {
    guard running else { return }
    let ranAt = monotonicSeconds()
    worstDelay = max(worstDelay, ranAt - nextDue)
    probes += 1
    schedule(at: max(ranAt, nextDue + interval))
  }
}
