import Synchronization

/// Every event a platform recorded, in order. Tests and the demo read it; the app never does.
public final class EventLog: Sendable {
  private let events = Mutex<[PlatformEvent]>([])
  private let activity: ActivityMonitor

  init(activity: ActivityMonitor) {
    self.activity = activity
  }

  /// Records `kind`, noting the context of the caller.
  func record(_ kind: PlatformEvent.Kind, context: ExecutionContext = .current) {
    events.withLock { events in
      events.append(PlatformEvent(sequence: events.count, kind: kind, context: context))
    }
    activity.noteEvent()
  }

  /// All events recorded so far.
  public var all: [PlatformEvent] { events.withLock { $0 } }

  /// The events recorded from position `sequence` on.
  public func events(since sequence: Int) -> [PlatformEvent] {
    events.withLock { Array($0.dropFirst(sequence)) }
  }

  /// The number of events recorded so far.
  public var count: Int { events.withLock { $0.count } }
}
