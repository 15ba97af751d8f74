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
    DispatchQueue.getSpecific(key: queueNameKey) == mainQueueName
  }

  /// Names `queue` so that events recorded on it say where they ran.
  public static func register(_ queue: DispatchQueue, as name: String) {
    queue.setSpecific(key: queueNameKey, value: name)
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
  private static let mainQueueName = "main queue"
  private static let markMainQueueOnce: Void = {
    DispatchQueue.main.setSpecific(key: queueNameKey, value: mainQueueName)
  }()
}

/// Names the platform callback running on the current thread.
///
/// A thread-specific value, not a `@TaskLocal`: outside a task, binding a task-local value
/// synchronizes in ThreadSanitizer's eyes (measured on Swift 6.3, Linux: two threads that each
/// bind one between two unsynchronized writes are never reported). Every callback binds its
/// lane, so a task-local here would hide every race between two callbacks from the sanitizer.
enum CallbackLane {
  private final class Name {
    let value: String
    init(_ value: String) { self.value = value }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for CallbackLane")
    return key
  }()

  /// The lane of the callback running on this thread, if any.
  static var current: String? {
    pthread_getspecific(key).map { Unmanaged<Name>.fromOpaque($0).takeUnretainedValue().value }
  }

  /// Runs `body` with `name` as the current lane of this thread.
  static func withValue<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
    let previous = pthread_getspecific(key)
    let bound = Unmanaged.passRetained(Name(name))
    pthread_setspecific(key, bound.toOpaque())
    defer {
      pthread_setspecific(key, previous)
      bound.release()
    }
    return try body()
  }
}
