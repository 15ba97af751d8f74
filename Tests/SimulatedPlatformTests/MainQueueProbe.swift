import Dispatch

/// Tells whether code runs on the main queue, with a queue-specific key of the tests' own, so
/// that the tests do not take the platform's word (`ExecutionContext`) for it.
///
/// `Thread.isMainThread` cannot tell: in `swift test` on Linux the main queue is drained by
/// `dispatch_main()` on a thread that is not the process's main thread.
enum MainQueueProbe {
  private static let key = DispatchSpecificKey<Bool>()
  private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

  /// Whether the calling code runs on the main queue.
  static var isOnMainQueue: Bool {
    _ = marked
    return DispatchQueue.getSpecific(key: key) == true
  }
}
