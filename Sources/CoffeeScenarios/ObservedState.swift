import CoffeeDomain
import Foundation

/// What one snapshot shows that every variant must agree on, with drinks as summaries: two
/// variants give the same drink different UUIDs.
public struct ObservedState: Hashable, Sendable {
  /// What the data file holds, as summaries.
  public enum File: Hashable, Sendable, CustomStringConvertible {
    case missing
    case unreadable
    case drinks([DrinkSummary])

    public var description: String {
      switch self {
      case .missing: "no file"
      case .unreadable: "unreadable"
      case .drinks(let drinks): "\(drinks)"
      }
    }
  }

  public let modelDrinks: [DrinkSummary]
  public let file: File
  public let documentFiles: [String]
  public let healthSamples: [DrinkSummary]
  public let complicationReloads: Int
  /// Rounded to a thousandth of a milligram.
  public let complicationLevel: Double?
  public let backgroundTasks: [Snapshot.BackgroundTaskRecord]
  public let scheduledRefreshes: Int
  public let writesLostAtSuspension: Int
  public let offMainPublishedChanges: Int

  /// Observes `snapshot`, taken when the platform's clock read `now`.
  public init(_ snapshot: Snapshot, now: Date) {
    func summaries(of drinks: [Drink]) -> [DrinkSummary] {
      drinks.map { DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now) }
    }
    modelDrinks = summaries(of: snapshot.modelDrinks)
    file =
      switch snapshot.file {
      case .missing: .missing
      case .unreadable: .unreadable
      case .drinks(let drinks): .drinks(summaries(of: drinks))
      }
    documentFiles = snapshot.documentFiles
    healthSamples = snapshot.healthSamples.map {
      DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now)
    }
    complicationReloads = snapshot.complicationReloads
    complicationLevel = snapshot.complicationLevel.map { ($0 * 1000).rounded() / 1000 }
    backgroundTasks = snapshot.backgroundTasks
    scheduledRefreshes = snapshot.scheduledRefreshes
    writesLostAtSuspension = snapshot.writesLostAtSuspension
    offMainPublishedChanges = snapshot.offMainPublishedChanges
  }

  /// The parts in which `self` and `other` differ, each as "name: this vs that".
  public func differences(from other: ObservedState) -> [String] {
    var differences: [String] = []
    func compare<Value: Equatable>(_ name: String, _ keyPath: KeyPath<ObservedState, Value>) {
      if self[keyPath: keyPath] != other[keyPath: keyPath] {
        differences.append("\(name): \(self[keyPath: keyPath]) vs \(other[keyPath: keyPath])")
      }
    }
    compare("model drinks", \.modelDrinks)
    compare("file", \.file)
    compare("documents", \.documentFiles)
    compare("health samples", \.healthSamples)
    compare("complication reloads", \.complicationReloads)
    compare("complication level", \.complicationLevel)
    compare("background tasks", \.backgroundTasks)
    compare("scheduled refreshes", \.scheduledRefreshes)
    compare("writes lost at suspension", \.writesLostAtSuspension)
    compare("off-main published changes", \.offMainPublishedChanges)
    return differences
  }
}
