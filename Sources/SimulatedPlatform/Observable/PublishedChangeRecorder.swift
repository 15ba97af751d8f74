import Foundation

/// Records every change of a `@Published` property, and flags the ones made off the main
/// queue, the way SwiftUI warns "Publishing changes from background threads is not allowed".
public final class PublishedChangeRecorder: Sendable {
  /// One change of a published property.
  public struct Change: Hashable, Sendable {
    /// The property, such as `currentDrinks`.
    public let property: String
    /// Where the change was made.
    public let context: ExecutionContext
    /// Whether it was made off the main queue: a bug SwiftUI reports at runtime.
    public var isOffMainQueue: Bool { context != .mainQueue }
  }

  private let changes = Locked<[Change]>([])
  private let log: EventLog
  private let checkpoints: Checkpoints

  init(log: EventLog, checkpoints: Checkpoints) {
    self.log = log
    self.checkpoints = checkpoints
  }

  /// Every change so far, in order.
  public var all: [Change] { changes.withLock { $0 } }

  /// The changes made off the main queue.
  public var offMainQueue: [Change] { all.filter(\.isOffMainQueue) }

  func record(property: String) {
    let context = ExecutionContext.current
    changes.withLock { $0.append(Change(property: property, context: context)) }
    log.record(.publishedChange(property: property), context: context)
  }

  func valueStored() {
    checkpoints.reach(.publishedValueStored)
  }
}
