import DeterministicScheduling

/// One step of a traced run: a platform event, or a point the platform marks only for the trace
/// (a request issued, a callback delivered), on the lane where it happened.
public struct TraceEvent: Sendable, CustomStringConvertible {
  /// The event's position in its trace.
  public let order: Int
  /// Where it happened.
  public let lane: Lane
  /// The platform event, or nil for a mark made for the trace alone.
  public let platformEvent: PlatformEvent?
  /// What a mark says; empty for a platform event.
  public let mark: String
  /// The task it ran in, numbered in order of first appearance; nil outside any task.
  public let task: Int?
  /// Nanoseconds since the trace began.
  public let nanoseconds: UInt64
  /// Inside an exploration run that tracks happens-before: the scheduler's job that made the
  /// event and what that job had seen of the others, so that two events can be told ordered.
  public var access: DeterministicScheduler.AccessStamp? = nil
  /// The actor whose isolated code made the event (`MainActor`, or the actor's type), or nil
  /// outside actor isolation (a queue's block, a callback, a nonisolated function). Isolation is
  /// what the compiler checks: code isolated to one actor touches only that actor's state and
  /// values handed to it (SE-0306, SE-0414).
  public var isolation: String? = nil
  /// The call stack the event was made from, when the run captured them
  /// (`Tracer.capturesCallStacks`).
  public var callStack: CallStack? = nil

  /// A short description of what happened, for diagrams.
  public var label: String {
    guard let platformEvent else { return mark }
    switch platformEvent.kind {
    case .log(let level, let category, let message):
      return level == .error ? "\(category) error: \(message)" : "\(category): \(message)"
    case .publishedChange(let property):
      // `currentDrinks written`, or on Linux, whose key paths do not print their property's
      // name, `the published [Drink] written` (see `Published`).
      return "\(property) written"
    case .applicationStateChanged(let state): return "app becomes \(state)"
    case .fileRead(let name): return "read \(name)"
    case .fileWritten(let name, let bytes): return "wrote \(name) (\(bytes) B)"
    case .fileMovedAside(let name, let newName): return "moved \(name) aside as \(newName)"
    case .fileWriteLostAtSuspension(let name): return "write of \(name) LOST at suspension"
    case .fileWriteFailed(let name): return "write of \(name) FAILED"
    case .defaultsWriteLostAtSuspension(let key): return "defaults \(key) set, LOST at suspension"
    case .blockingFileIOOnMainQueue(let name): return "blocking I/O on main: \(name)"
    case .healthAuthorizationRequested: return "health authorization requested"
    case .healthSampleSaved: return "health sample saved"
    case .healthSampleSaveFailed: return "health sample save failed"
    case .healthQueryAnswered(let added, let deleted, _, _):
      return "query answered: +\(added) -\(deleted)"
    case .healthQueryFailed: return "query failed"
    case .complicationReloaded: return "complication reload"
    case .complicationTimelineProvided(let entries): return "timeline provided (\(entries))"
    case .backgroundTaskDelivered(let id): return "background task \(id) delivered"
    case .backgroundTaskCompleted(let id, let success):
      return "background task \(id) completed\(success ? "" : " (failed)")"
    case .backgroundRefreshScheduled: return "next refresh scheduled"
    }
  }

  public var description: String { "#\(order) [\(lane)] \(label)" }
}
