import Foundation
import LabCheckKit
import RaceLab
import SimulatedPlatform

/// Holds a thread until something has happened, without a clock: each condition is a fact the
/// check can observe (a gate opened, Swift's global executor has nothing to run), so the verdict
/// is the same on a fast machine and a loaded one.
public enum Hold {
  /// Blocks the calling platform thread (a callback or file write the check holds back) until
  /// the check has looked at the app (`looked` opens), or until the operation under test is
  /// provably waiting for what is held: it has not returned (`returned`, opened by the task that
  /// ran it, in the same job as its return) and the global executor has no job queued or running,
  /// so nothing but the held thread can move it on.
  ///
  /// A right answer waits for the held answer, so it is released and returns after it; a wrong
  /// one returns first, and the check looks before the held answer is let go.
  public static func untilLookedOrWaiting(looked: Gate, returned: Gate) {
    while !looked.isOpen {
      // Read `returned` on both sides of the pool's state: no return happened in between.
      if !returned.isOpen && !ActivityMonitor.globalExecutorIsBusy && !returned.isOpen { return }
      usleep(200)
    }
  }
}

extension Hold {
  /// Blocks the calling platform thread until the check has looked (`looked` opens), or until a
  /// main-actor operation under test is provably waiting for what is held: the main queue runs a
  /// probe while the operation has not returned (`returned`, opened by the check in the same
  /// main-actor job as the return, before it looks). The main queue being free while the
  /// operation has not returned means the operation is suspended, waiting.
  public static func untilLookedOrMainActorWaiting(looked: Gate, returned: Gate) {
    let probed = Gate()
    let waiting = PlatformLock(false)
    DispatchQueue.main.async {
      waiting.withLock { $0 = !returned.isOpen }
      probed.open()
    }
    while !looked.isOpen {
      if probed.isOpen && waiting.withLock({ $0 }) { return }
      usleep(200)
    }
  }
}
