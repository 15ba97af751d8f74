import Foundation

/// The platform's stand-in for `UserDefaults`: small values that survive a relaunch.
///
/// Like the documents folder, it knows when the app is suspended (a background task was marked
/// completed): a value set from then until the app resumes is never stored, since a suspended
/// app runs no code until it is woken, and one terminated then never runs it. The loss is
/// recorded, and the app is not told.
public final class KeyValueStore: Sendable {
  private struct State {
    var values: [String: Data] = [:]
    var isSuspended = false
  }

  private let state = PlatformLock(State())
  private let log: PlatformEventLog

  init(log: PlatformEventLog) {
    self.log = log
  }

  /// The data stored under `key`, if any.
  public func data(forKey key: String) -> Data? {
    state.withLock { $0.values[key] }
  }

  /// Stores `data` under `key`, or removes the key when `data` is nil.
  /// `isolation` is the caller's, for the trace; callers never pass it.
  public func set(_ data: Data?, forKey key: String, isolation: (any Actor)? = #isolation) {
    let stored = state.withLock { state in
      guard !state.isSuspended else { return false }
      state.values[key] = data
      return true
    }
    if !stored {
      log.record(.defaultsWriteLostAtSuspension(key: key), isolation: isolation)
    }
  }

  func suspend() {
    state.withLock { $0.isSuspended = true }
  }

  func resume() {
    state.withLock { $0.isSuspended = false }
  }
}
