import Foundation

/// Something the simulated platform saw the app do, with where it happened.
public struct PlatformEvent: Sendable, CustomStringConvertible {
  /// The position of the event in its platform's log.
  public let sequence: Int
  /// What happened.
  public let kind: Kind
  /// Where it happened.
  public let context: ExecutionContext

  /// The kinds of event the platform records.
  public enum Kind: Sendable {
    case log(level: LogLevel, category: String, message: String)
    case publishedChange(property: String)
    case applicationStateChanged(ApplicationState)
    case fileRead(name: String)
    case fileWritten(name: String, bytes: Int)
    /// A file was moved aside (renamed): file I/O like a read or a write.
    case fileMovedAside(name: String, as: String)
    case fileWriteLostAtSuspension(name: String)
    /// A value the app set in its defaults while suspended, never stored.
    case defaultsWriteLostAtSuspension(key: String)
    /// A write failed with an error the app was told of (the disk was full, say).
    case fileWriteFailed(name: String)
    case blockingFileIOOnMainQueue(name: String)
    case healthAuthorizationRequested
    case healthSampleSaved(UUID)
    case healthSampleSaveFailed(UUID)
    /// An anchored query answered: what it added and deleted, the anchor it started from (nil for
    /// a first query) and the anchor its answer returned, for the next query to start from.
    case healthQueryAnswered(added: Int, deleted: Int, from: QueryAnchor?, to: QueryAnchor)
    case healthQueryFailed
    case complicationReloaded(Complication)
    case complicationTimelineProvided(entries: Int)
    case backgroundTaskDelivered(id: Int)
    case backgroundTaskCompleted(id: Int, success: Bool)
    case backgroundRefreshScheduled(Date)
  }

  public var description: String {
    "#\(sequence) [\(context)] \(kind)"
  }
}
