import Dispatch

/// Records the trace of one platform's run: each event with its lane and task, and the links
/// the platform can see between them.
///
/// The platform cannot see the app's own `DispatchQueue.async` calls: their blocks show up on
/// their queue's lane, unlinked. It does see the task each event runs in, so it links a task's
/// move from one lane to the next (into an actor, back from it, an `await` resuming), its own
/// requests to their callbacks, and background tasks to their completion.
public final class Tracer: Sendable {
  /// Whether platforms created by the current task trace their run. On by default; the overhead
  /// benchmark turns it off to compare.
  @TaskLocal public static var isEnabled = true

  private struct State {
    var events: [TraceEvent] = []
    var links: [TraceLink] = []
    var taskNumbers: [Int: Int] = [:]
    /// Per task: the order and lane of its last event.
    var lastOfTask: [Int: (order: Int, lane: Lane)] = [:]
    /// Background tasks delivered and not yet completed: task id to event order.
    var deliveredTasks: [Int: Int] = [:]
  }

  /// Whether this tracer records anything.
  public let isRecording: Bool
  private let state = Locked(State())
  private let start = DispatchTime.now().uptimeNanoseconds

  init(isRecording: Bool) {
    self.isRecording = isRecording
  }

  /// What was recorded so far.
  public var trace: Trace {
    state.withLock { Trace(events: $0.events, links: $0.links) }
  }

  /// Records a platform event. Called with the event log's lock held, so that the trace keeps
  /// the log's order.
  func record(_ event: PlatformEvent, isolation: (any Actor)?) {
    guard isRecording else { return }
    append(event, mark: "", context: event.context, isolation: isolation)
  }

  /// Marks a point that only the trace needs, and returns its order for links.
  @discardableResult
  func mark(
    _ text: String, isolation: (any Actor)?, context: ExecutionContext = .current,
    linkedFrom origin: Int? = nil, as kind: TraceLink.Kind = .callback
  ) -> Int? {
    guard isRecording else { return nil }
    let order = append(nil, mark: text, context: context, isolation: isolation)
    if let origin {
      state.withLock { $0.links.append(TraceLink(from: origin, to: order, kind: kind)) }
    }
    return order
  }

  @discardableResult
  private func append(
    _ event: PlatformEvent?, mark: String, context: ExecutionContext, isolation: (any Actor)?
  ) -> Int {
    let taskHash = withUnsafeCurrentTask { $0?.hashValue }
    let actorName = isolation.flatMap { $0 is MainActor ? nil : String(describing: type(of: $0)) }
    let now = DispatchTime.now().uptimeNanoseconds
    return state.withLock { state in
      let order = state.events.count
      let task = taskHash.map { hash in
        if let number = state.taskNumbers[hash] { return number }
        let number = state.taskNumbers.count + 1
        state.taskNumbers[hash] = number
        return number
      }
      let lane = Self.lane(context: context, actor: actorName, task: task)
      state.events.append(
        TraceEvent(
          order: order, lane: lane, platformEvent: event, mark: mark, task: task,
          nanoseconds: now >= start ? now - start : 0))
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

/// Collects the traces of every platform created inside `collecting(_:)`, for commands and tests
/// that run code which makes its own platforms (replays, stress, scenarios).
public final class TraceCollector: Sendable {
  @TaskLocal static var current: TraceCollector?
  private let tracers = Locked<[Tracer]>([])

  public init() {}

  /// The traces of the platforms created so far, in order of creation.
  public var traces: [Trace] { tracers.withLock { $0 }.map(\.trace) }

  /// Runs `body`; every platform it creates, in this task or its child tasks, reports here.
  public func collecting<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await Self.$current.withValue(self, operation: body)
  }

  func add(_ tracer: Tracer) {
    tracers.withLock { $0.append(tracer) }
  }
}
