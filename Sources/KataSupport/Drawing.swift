import DeterministicScheduling
import Foundation

/// A stand-in for drawing with a graphics framework: synchronous work, which runs where its caller
/// runs, as any synchronous function does. A check can be told where each drawing ran.
public enum Drawing {
  private static let observer = LockedValue<
    (@Sendable (_ image: Data, _ onMainActor: Bool?) -> Void)?
  >(nil)

  /// The thumbnail of the image `bytes`: "thumb:" followed by the bytes.
  public static func thumbnail(of bytes: Data) -> Data {
    observer.current?(bytes, onMainActor)
    return Data("thumb:".utf8) + bytes
  }

  /// Whether the caller runs on the main actor, as the deterministic scheduler of an exploring
  /// check knows it (its main lane); nil outside such a run.
  public static var onMainActor: Bool? {
    DeterministicScheduler.isRunning ? DeterministicScheduler.shared.currentLane == .main : nil
  }

  /// Tells `observer` of every drawing from now on, on the drawing's own thread: the image drawn,
  /// and whether it was drawn on the main actor (`onMainActor`). Nil stops telling.
  public static func observe(
    _ observer: (@Sendable (_ image: Data, _ onMainActor: Bool?) -> Void)?
  ) {
    self.observer.withLock { $0 = observer }
  }
}
