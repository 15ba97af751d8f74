import DeterministicScheduling
import Foundation

/// The handlers installed at checkpoints. No handler by default: the platform then runs freely.
public final class Checkpoints: Sendable {
  private let handlers = PlatformLock<[Checkpoint: @Sendable () -> Void]>([:])

  init() {}

  /// Runs `handler` each time `checkpoint` is reached, on the thread that reached it.
  public func install(at checkpoint: Checkpoint, _ handler: @escaping @Sendable () -> Void) {
    handlers.withLock { $0[checkpoint] = handler }
  }

  /// Removes the handler at `checkpoint`.
  public func remove(at checkpoint: Checkpoint) {
    handlers.withLock { _ = $0.removeValue(forKey: checkpoint) }
  }

  func reach(_ checkpoint: Checkpoint) {
    // Inside an exploration run every checkpoint is a point where another job may go first.
    DeterministicScheduler.shared.yieldPoint()
    let handler = handlers.withLock { $0[checkpoint] }
    handler?()
  }
}
