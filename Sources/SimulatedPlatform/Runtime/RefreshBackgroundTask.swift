import Foundation

/// A background refresh task: the stand-in for `WKApplicationRefreshBackgroundTask`.
///
/// The app must call `setTaskCompletedWithSnapshot(_:)` once all its work is done: when no other
/// task is outstanding, the system suspends the app right then, and disk writes still in flight
/// are lost.
public final class RefreshBackgroundTask: Sendable, Hashable {
  /// What happened to a task.
  public struct Outcome: Hashable, Sendable {
    /// The value the app passed when completing the task.
    public let snapshotRequested: Bool
    /// How many times the app completed the task (exactly once is right).
    public let completions: Int
  }

  /// The task's number on its platform.
  public let id: Int
  private let completions = PlatformLock<[Bool]>([])
  private let onCompletion: @Sendable (RefreshBackgroundTask, Bool) -> Void

  init(id: Int, onCompletion: @escaping @Sendable (RefreshBackgroundTask, Bool) -> Void) {
    self.id = id
    self.onCompletion = onCompletion
  }

  /// Marks the task completed. The app is suspended as soon as this returns.
  public func setTaskCompletedWithSnapshot(_ refreshSnapshot: Bool) {
    completions.withLock { $0.append(refreshSnapshot) }
    onCompletion(self, refreshSnapshot)
  }

  /// What the app did with the task so far; nil while it is not completed.
  public var outcome: Outcome? {
    completions.withLock { completions in
      completions.first.map { Outcome(snapshotRequested: $0, completions: completions.count) }
    }
  }

  public static func == (lhs: RefreshBackgroundTask, rhs: RefreshBackgroundTask) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
