import DeterministicScheduling
import Dispatch

#if canImport(Runtime)
  import Runtime
#endif

/// Records the trace of one platform's run: each event with its lane and task, and the links
/// the platform can see between them.
///
/// The platform cannot see the app's own `DispatchQueue.async` calls: their blocks show up on
/// their queue's lane, unlinked. It does see the task each event runs in, so it links a task's
/// move from one lane to the next (into an actor, back from it, an `await` resuming), its own
/// requests to their callbacks, and background tasks to their completion.
///
/// A task is known by its address (`UnsafeCurrentTask` is Hashable by it; the concurrency library
/// offers no task ID). The runtime may give a finished task's memory to a new task, so once in a
/// while a hop arrow joins the last step of one task to the first step of a later one: a hop
/// arrow says "the same task, as far as the platform can tell", not "proven the same task".
public final class Tracer: Sendable {
  /// Whether platforms created by the current task trace their run. On by default; the overhead
  /// benchmark turns it off to compare.
  @TaskLocal public static var isEnabled = true

  /// Whether each event also keeps the call stack it was made from, for `CallSites` to name the
  /// app's function and line. Off but for the one run a report draws: capturing costs time.
  /// Set before that run starts, on the thread that waits for it.
  public nonisolated(unsafe) static var capturesCallStacks = false

  private struct State {
    var events: [TraceEvent] = []
    var links: [TraceLink] = []
    var taskNumbers: [Int: Int] = [:]
    /// Per task: the order and lane of its last event.
    var lastOfTask: [Int: (order: Int, lane: Lane)] = [:]
    /// Background tasks delivered and not yet completed: task id to event order.
    var deliveredTasks: [Int: Int] = [:]
    /// Actor type names, worked out once per type.
    var actorNames: [ObjectIdentifier: String] = [:]
  }

  /// Whether this tracer records anything.
  public let isRecording: Bool
  private let state = PlatformLock(State())
  private let start = DispatchTime.now().uptimeNanoseconds

  init(isRecording: Bool) {
    self.isRecording = isRecording
  }

  /// What was recorded so far.
  public var trace: Trace {
    state.withLock { Trace(events: $0.events, links: $0.links) }
  }

  /// Where the caller is, taken before the event log's lock so that the lock is held briefly.
  struct Stamp {
    fileprivate let taskHash: Int?
    fileprivate let actor: (any Actor)?
    fileprivate let isMainActor: Bool
    fileprivate let context: ExecutionContext
    fileprivate let nanoseconds: UInt64
    fileprivate let access: DeterministicScheduler.AccessStamp?
    fileprivate let callStack: CallStack?
  }

  /// Notes where the caller is, or nil when this tracer does not record.
  func stamp(context: ExecutionContext, isolation: (any Actor)?) -> Stamp? {
    guard isRecording else { return nil }
    // The main actor runs on the main queue, which the context already names.
    let actor = isolation is MainActor ? nil : isolation
    return Stamp(
      taskHash: withUnsafeCurrentTask { $0?.hashValue }, actor: actor,
      isMainActor: isolation is MainActor, context: context,
      nanoseconds: DispatchTime.now().uptimeNanoseconds,
      access: DeterministicScheduler.shared.stampAccess(actor: actor.map { ObjectIdentifier($0) }),
      callStack: Self.capturesCallStacks ? CallStack.capture() : nil)
  }

  /// Records a platform event stamped just before. Called with the event log's lock held, so
  /// that the trace keeps the log's order.
  func record(_ event: PlatformEvent, stamp: Stamp?) {
    guard let stamp else { return }
    append(event, mark: "", stamp: stamp)
  }

  /// Marks a point that only the trace needs, and returns its order for links.
  @discardableResult
  func mark(
    _ text: String, isolation: (any Actor)?, context: ExecutionContext = .current,
    linkedFrom origin: Int? = nil, as kind: TraceLink.Kind = .callback
  ) -> Int? {
    guard let stamp = stamp(context: context, isolation: isolation) else { return nil }
    let order = append(nil, mark: text, stamp: stamp)
    if let origin {
      state.withLock { $0.links.append(TraceLink(from: origin, to: order, kind: kind)) }
    }
    return order
  }

  @discardableResult
  private func append(_ event: PlatformEvent?, mark: String, stamp: Stamp) -> Int {
    let actorType = stamp.actor.map { ObjectIdentifier(type(of: $0)) }
    return state.withLock { state in
      let order = state.events.count
      let task = stamp.taskHash.map { hash in
        if let number = state.taskNumbers[hash] { return number }
        let number = state.taskNumbers.count + 1
        state.taskNumbers[hash] = number
        return number
      }
      let actorName = actorType.map { type in
        if let name = state.actorNames[type] { return name }
        let name = String(describing: Swift.type(of: stamp.actor!))
        state.actorNames[type] = name
        return name
      }
      let lane = Self.lane(context: stamp.context, actor: actorName, task: task)
      state.events.append(
        TraceEvent(
          order: order, lane: lane, platformEvent: event, mark: mark, task: task,
          nanoseconds: stamp.nanoseconds >= start ? stamp.nanoseconds - start : 0,
          access: stamp.access, isolation: stamp.isMainActor ? "MainActor" : actorName,
          callStack: stamp.callStack))
      if let task {
        if let last = state.lastOfTask[task], last.lane != lane {
          state.links.append(TraceLink(from: last.order, to: order, kind: .hop))
        }
        state.lastOfTask[task] = (order, lane)
      }
      switch event?.kind {
      case .backgroundTaskDelivered(let id): state.deliveredTasks[id] = order
      case .backgroundTaskCompleted(let id, _):
        if let delivered = state.deliveredTasks.removeValue(forKey: id) {
          state.links.append(TraceLink(from: delivered, to: order, kind: .completion))
        }
      default: break
      }
      return order
    }
  }

  private static func lane(context: ExecutionContext, actor: String?, task: Int?) -> Lane {
    if let actor { return .actor(actor) }
    switch context {
    case .mainQueue: return .main
    case .queue(let name): return .queue(name)
    case .callback(let name): return .callback(name)
    case .elsewhere: return task.map(Lane.task) ?? .elsewhere
    }
  }
}
