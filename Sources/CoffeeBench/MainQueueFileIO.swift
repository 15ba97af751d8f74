import SimulatedPlatform

/// The time the main queue spends writing files: from the moment a write on the main queue
/// starts (the simulated disk latency included) to the moment it has reached the disk. Measured
/// at the platform's write checkpoints, so the app is not changed.
final class MainQueueFileIO: Sendable {
  private struct State {
    var startedAt: Double?
    var total = 0.0
  }

  private let state = PlatformLock(State())

  init(on platform: SimulatedPlatform) {
    platform.checkpoints.install(at: .fileWriteStarting) { [state] in
      guard ExecutionContext.isOnMainQueue else { return }
      state.withLock { $0.startedAt = monotonicSeconds() }
    }
    platform.checkpoints.install(at: .fileWriteFinishing) { [state] in
      guard ExecutionContext.isOnMainQueue else { return }
      state.withLock { state in
        if let started = state.startedAt { state.total += monotonicSeconds() - started }
        state.startedAt = nil
      }
    }
  }

  /// Returns the time measured since the last call, and starts again from 0.
  func take() -> Double {
    state.withLock { state in
      defer { state.total = 0 }
      return state.total
    }
  }
}
