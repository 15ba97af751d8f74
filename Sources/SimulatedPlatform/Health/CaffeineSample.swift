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
public struct CaffeineSample: Hashable, Sendable {
  /// The caffeine, in milligrams.
  public let mgCaffeine: Double
  /// The sample's start and end date (they are the same for a drink).
  public let date: Date
  /// The identifier the writer chose; the Coffee Tracker uses the drink's UUID.
  public let syncIdentifier: UUID
  /// Who wrote the sample.
  public let source: SampleSource

  public init(mgCaffeine: Double, date: Date, syncIdentifier: UUID, source: SampleSource) {
    self.mgCaffeine = mgCaffeine
    self.date = date
    self.syncIdentifier = syncIdentifier
    self.source = source
  }
}

/// A sample deleted from the health store: the stand-in for `HKDeletedObject`.
public struct DeletedObject: Hashable, Sendable {
  /// The sync identifier of the deleted sample.
  public let syncIdentifier: UUID

  public init(syncIdentifier: UUID) {
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
