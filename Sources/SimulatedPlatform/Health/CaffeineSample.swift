import Foundation

/// Which app or device wrote a health sample.
public struct SampleSource: Hashable, Sendable, CustomStringConvertible {
  public let name: String

  public init(name: String) {
    self.name = name
  }

  public var description: String { name }
}

/// A caffeine sample in the health store: the stand-in for an `HKQuantitySample` of dietary
/// caffeine.
///
/// Like an `HKObject`, a sample has two identities: the `uuid` the store gives every object when
/// it is created, and an optional sync identifier the writer may put in its metadata
/// (`HKMetadataKeySyncIdentifier`). The Coffee Tracker sets the sync identifier to the drink's
/// UUID; a sample typed into the Health app has none.
public struct CaffeineSample: Hashable, Sendable {
  /// The object's own identifier (`HKObject.uuid`), assigned when the sample is created.
  public let uuid: UUID
  /// The caffeine, in milligrams.
  public let mgCaffeine: Double
  /// The sample's start and end date (they are the same for a drink).
  public let date: Date
  /// The identifier the writer chose, if any; the Coffee Tracker uses the drink's UUID.
  public let syncIdentifier: UUID?
  /// Who wrote the sample.
  public let source: SampleSource

  public init(
    mgCaffeine: Double, date: Date, syncIdentifier: UUID?, source: SampleSource,
    uuid: UUID = UUID()
  ) {
    self.uuid = uuid
    self.mgCaffeine = mgCaffeine
    self.date = date
    self.syncIdentifier = syncIdentifier
    self.source = source
  }
}

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

/// Marks a point in the health store's history: an anchored query returns what changed since.
public struct QueryAnchor: Hashable, Sendable, Codable {
  let version: Int
}

/// Whether the app may write caffeine samples.
public enum AuthorizationStatus: Sendable {
  case notDetermined, sharingDenied, sharingAuthorized
}

/// The errors the simulated health store reports.
public enum HealthStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  case healthDataUnavailable
  case authorizationFailed
  case queryFailed
  case saveFailed

  public var description: String {
    switch self {
    case .healthDataUnavailable: "Health data is not available on this device."
    case .authorizationFailed: "The authorization request failed."
    case .queryFailed: "The query failed."
    case .saveFailed: "The sample could not be saved."
    }
  }
}
