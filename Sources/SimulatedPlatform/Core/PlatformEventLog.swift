import Foundation

/// Every event a platform recorded, in order. Tests and the demo read it; the app never does.
public final class PlatformEventLog: Sendable {
  private let events = PlatformLock<[PlatformEvent]>([])
  private let activity: ActivityMonitor
  private let newEvent = NSCondition()
  /// The trace of the run: every event with its lane, and the links between them.
  let tracer: Tracer

  init(activity: ActivityMonitor, tracer: Tracer) {
    self.activity = activity
    self.tracer = tracer
  }

  /// Records `kind`, noting the context of the caller and the actor it is isolated to.
  func record(
    _ kind: PlatformEvent.Kind, context: ExecutionContext = .current,
    isolation: (any Actor)? = nil
  ) {
    let stamp = tracer.stamp(context: context, isolation: isolation)
    events.withLock { events in
      let event = PlatformEvent(sequence: events.count, kind: kind, context: context)
      events.append(event)
      tracer.record(event, stamp: stamp)
    }
    activity.noteEvent()
    newEvent.lock()
    newEvent.broadcast()
    newEvent.unlock()
  }

  /// Blocks the calling thread until an event from position `sequence` on satisfies
  /// `predicate`, or `timeout` passes; true if one did. For replays that must hold one thread
  /// until another has reached a point that only the log shows.
  public func wait(
    since sequence: Int, timeout: TimeInterval, for predicate: (PlatformEvent) -> Bool
  ) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    newEvent.lock()
    defer { newEvent.unlock() }
    while !events(since: sequence).contains(where: predicate) {
      guard newEvent.wait(until: deadline) else {
        return events(since: sequence).contains(where: predicate)
      }
    }
    return true
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
