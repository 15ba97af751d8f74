import Foundation

/// A sample deleted from the health store: the stand-in for `HKDeletedObject`.
///
/// It keeps the deleted sample's `uuid` and, as HealthKit copies only the sync keys into a
/// deleted object's metadata, its sync identifier if it had one.
public struct DeletedObject: Hashable, Sendable {
  /// The identifier of the deleted sample (`HKDeletedObject.uuid`).
  public let uuid: UUID
  /// The sync identifier of the deleted sample, if it had one.
  public let syncIdentifier: UUID?

  public init(uuid: UUID, syncIdentifier: UUID?) {
    self.uuid = uuid
    self.syncIdentifier = syncIdentifier
  }
}
