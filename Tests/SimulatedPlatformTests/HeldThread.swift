import Dispatch
import SimulatedPlatform

/// Holds the thread that reaches a platform checkpoint until the test lets it go: the test waits
/// for the thread to arrive, does what must happen meanwhile, then releases it. No sleeping: each
/// side waits for the other's signal.
///
/// Only for threads of Dispatch's global queues (health callbacks, writes started on a global
/// queue): holding the main queue would stop the test itself.
final class HeldThread: Sendable {
  private struct State {
    var hasArrived = false
    var arrivalWaiter: CheckedContinuation<Void, Never>?
  }

  private let state = PlatformLock(State())
  private let release = DispatchSemaphore(value: 0)

  /// Holds the first thread that reaches `checkpoint` on `platform`; later ones pass.
  init(at checkpoint: Checkpoint, on platform: SimulatedPlatform) {
    let checkpoints = platform.checkpoints
    checkpoints.install(at: checkpoint) { [self] in
      checkpoints.remove(at: checkpoint)
      hold()
    }
  }

  /// Returns once a thread is held at the checkpoint.
  func arrival() async {
    await withCheckedContinuation { continuation in
      let hasArrived = state.withLock { state in
        if !state.hasArrived { state.arrivalWaiter = continuation }
        return state.hasArrived
      }
      if hasArrived { continuation.resume() }
    }
  }

  /// Lets the held thread go on.
  func letGo() {
    release.signal()
  }

  private func hold() {
    let waiter = state.withLock { state in
      state.hasArrived = true
      defer { state.arrivalWaiter = nil }
      return state.arrivalWaiter
    }
    waiter?.resume()
    release.wait()
  }
}
