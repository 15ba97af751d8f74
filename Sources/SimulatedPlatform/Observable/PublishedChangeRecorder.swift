import Foundation

/// Records every change of a `@Published` property, and flags the ones made off the main
/// queue, the way SwiftUI warns "Publishing changes from background threads is not allowed".
/// It also records every read of a published property made off the main queue: main-queue state
/// read off main, a data race with the main queue's writes that no UI framework reports.
public final class PublishedChangeRecorder: Sendable {
  /// One read of a published property made off the main queue.
  public struct OffMainRead: Hashable, Sendable, CustomStringConvertible {
    /// The property, such as `currentDrinks`.
    public let property: String
    /// Where the read was made.
    public let context: ExecutionContext
    /// How many events the platform's log held when the read was made: the read came after
    /// every event numbered below this, and before the others. The stress orders a read after
    /// the file write it follows this way, without any clock.
    public let eventsBefore: Int

    public var description: String { "main-queue state read off main: \(property) on \(context)" }
  }

  /// One change of a published property.
  public struct Change: Hashable, Sendable {
    /// The property, such as `currentDrinks`.
    public let property: String
    /// Where the change was made.
    public let context: ExecutionContext
    /// Whether it was made off the main queue: a bug SwiftUI reports at runtime.
    public var isOffMainQueue: Bool { context != .mainQueue }
  }

  private let changes = PlatformLock<[Change]>([])
  private let reads = PlatformLock<[OffMainRead]>([])
  private let log: PlatformEventLog
  private let checkpoints: Checkpoints

  init(log: PlatformEventLog, checkpoints: Checkpoints) {
    self.log = log
    self.checkpoints = checkpoints
  }

  /// Every change so far, in order.
  public var all: [Change] { changes.withLock { $0 } }

  /// The changes made off the main queue.
  public var offMainQueue: [Change] { all.filter(\.isOffMainQueue) }

  /// Every read of a published property made off the main queue so far, in order.
  public var readsOffMainQueue: [OffMainRead] { reads.withLock { $0 } }

  /// `property` is named only for a read off the main queue: most reads are on it, and naming a
  /// property from its key path costs more than the read.
  func recordRead(property: @autoclosure () -> String) {
    guard !ExecutionContext.isOnMainQueue else { return }
    checkpoints.reach(.publishedValueReadingOffMain)
    let read = OffMainRead(property: property(), context: .current, eventsBefore: log.count)
    reads.withLock { $0.append(read) }
  }

  func record(property: String) {
    let context = ExecutionContext.current
    changes.withLock { $0.append(Change(property: property, context: context)) }
    log.record(.publishedChange(property: property), context: context)
  }

  func valueStored() {
    checkpoints.reach(.publishedValueStored)
  }
}
