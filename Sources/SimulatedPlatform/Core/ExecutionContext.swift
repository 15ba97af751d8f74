import DeterministicScheduling
import Dispatch
import Foundation

/// Where a piece of work ran: the lane it belongs to in a diagram of the app's concurrency.
///
/// On Linux, `swift test` drains the main queue from a thread that is not the process's main
/// thread, so `Thread.isMainThread` cannot tell. The lab marks the queues it knows with a
/// queue-specific key and asks the current queue instead.
public enum ExecutionContext: Hashable, Sendable, CustomStringConvertible {
  /// The main queue, where UI state must change.
  case mainQueue
  /// A serial queue registered with `ExecutionContext.register(_:as:)`, such as an app's
  /// background queue.
  case queue(String)
  /// A platform callback on an arbitrary global queue, named after what it delivers.
  case callback(String)
  /// Anywhere else: a global queue or a thread of the concurrency runtime's pool.
  case elsewhere

  /// The context of the code calling this.
  public static var current: ExecutionContext {
    // Inside an exploration run, the scheduler knows the lane: its serial lanes run on worker
    // threads that no queue-specific value marks.
    if DeterministicScheduler.isRunning, let lane = DeterministicScheduler.shared.currentLane {
      switch lane {
      case .main: return .mainQueue
      case .serial(let label): return .queue(scheduledQueueNames.withLock { $0[label] } ?? label)
      case .concurrent: break
      }
    }
    if let name = DispatchQueue.getSpecific(key: queueNameKey) {
      return name == mainQueueName ? .mainQueue : .queue(name)
    }
    if let callback = CallbackLane.current {
      return .callback(callback)
    }
    return .elsewhere
  }

  /// Whether the calling code runs on the main queue.
  public static var isOnMainQueue: Bool {
    if DeterministicScheduler.isRunning, let lane = DeterministicScheduler.shared.currentLane {
      return lane == .main
    }
    return DispatchQueue.getSpecific(key: queueNameKey) == mainQueueName
  }

  /// Names `queue` so that events recorded on it say where they ran.
  public static func register(_ queue: DispatchQueue, as name: String) {
    queue.setSpecific(key: queueNameKey, value: name)
    queue.setSpecific(key: registeredQueueKey, value: RegisteredQueue(queue: queue))
  }

  /// Names a queue the scheduler can own (the before variant's), as `register(_:as:)` names a
  /// dispatch queue.
  public static func register(_ queue: ScheduledDispatchQueue, as name: String) {
    register(queue.queue, as: name)
    if case .serial(let label) = queue.lane {
      scheduledQueueNames.withLock { $0[label] = name }
    }
  }

  /// The name a scheduled queue was registered with, or its label.
  static func name(of queue: ScheduledDispatchQueue) -> String {
    switch queue.lane {
    case .main: mainQueueName
    case .serial(let label): scheduledQueueNames.withLock { $0[label] } ?? label
    case .concurrent(let label): label
    }
  }

  /// The names of the scheduled queues, by label.
  private static let scheduledQueueNames = PlatformLock<[String: String]>([:])

  /// The serial queue registered with `register(_:as:)` that the calling code runs on, if any.
  /// A block queued on it runs once the caller's block has ended: a scheduler can wait for the
  /// end of work it cannot otherwise see.
  public static var currentRegisteredQueue: DispatchQueue? {
    DispatchQueue.getSpecific(key: registeredQueueKey)?.queue
  }

  /// Marks the main queue. Idempotent, so every platform can call it.
  static func markMainQueue() {
    _ = markMainQueueOnce
  }

  public var description: String {
    switch self {
    case .mainQueue: "main queue"
    case .queue(let name): name
    case .callback(let name): "\(name) callback"
    case .elsewhere: "elsewhere"
    }
  }

  private static let queueNameKey = DispatchSpecificKey<String>()
  private static let registeredQueueKey = DispatchSpecificKey<RegisteredQueue>()

  /// Held by the queue itself, so it holds the queue weakly. Unchecked: the reference is set
  /// once, before the box is shared, and the runtime reads weak references atomically.
  private final class RegisteredQueue: @unchecked Sendable {
    weak var queue: DispatchQueue?
    init(queue: DispatchQueue) { self.queue = queue }
  }
  private static let mainQueueName = "main queue"
  private static let markMainQueueOnce: Void = {
    DispatchQueue.main.setSpecific(key: queueNameKey, value: mainQueueName)
  }()
}
