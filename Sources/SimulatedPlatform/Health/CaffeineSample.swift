import Foundation

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
