import CoffeeDomain
import Foundation
import SimulatedPlatform

/// What happened when a scenario ran on one variant.
public struct ScenarioOutcome: Sendable {
  /// One step and what the app looked like once it had gone still after it.
  public struct StepRecord: Sendable {
    public let step: Step
    public let snapshot: Snapshot
    /// The platform's "now" when the snapshot was taken.
    public let now: Date
  }

  public let scenario: Scenario
  public let variant: Variant
  /// The platform's "now" at the end of the scenario.
  public let now: Date
  /// The launch, then each step, with what followed.
  public let steps: [StepRecord]
  /// The app at the end of the scenario.
  public var final: Snapshot { steps.last!.snapshot }
  /// The app after one more relaunch on the same watch.
  public let afterRelaunch: Snapshot
  /// Each `requestAuthorization` step's answer, in order; nil when it was never answered.
  public let authorizationAnswers: [Bool?]
  /// Each `syncHealth` step's answer, in order; nil when it was never answered.
  public let healthLoadAnswers: [Bool?]
  /// Every platform event, in order.
  public let events: [PlatformEvent]

  /// A list of drinks as summaries relative to the end of the scenario.
  public func summary(of drinks: [Drink]) -> [DrinkSummary] {
    drinks.map { DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now) }
  }

  /// What the outcome shows that every variant must agree on. Concurrency diagnostics
  /// (blocking I/O on main, for one) are left out: that is where the variants may differ.
  public var observableBehaviour: ObservableBehaviour {
    ObservableBehaviour(
      final: ObservedState(final, now: now),
      drinksAfterRelaunch: summary(of: afterRelaunch.modelDrinks),
      healthLoadAnswers: healthLoadAnswers)
  }
}

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

/// The observable behaviour two variants must share for the same scenario: the state at the
/// end, what a relaunch restores, and how the health loads were answered.
public struct ObservableBehaviour: Hashable, Sendable {
  public let final: ObservedState
  public let drinksAfterRelaunch: [DrinkSummary]
  public let healthLoadAnswers: [Bool?]

  /// The parts in which `self` and `other` differ, each as "name: this vs that".
  public func differences(from other: ObservableBehaviour) -> [String] {
    var differences = final.differences(from: other.final)
    if drinksAfterRelaunch != other.drinksAfterRelaunch {
      differences.append(
        "drinks after relaunch: \(drinksAfterRelaunch) vs \(other.drinksAfterRelaunch)")
    }
    if healthLoadAnswers != other.healthLoadAnswers {
      differences.append("health load answers: \(healthLoadAnswers) vs \(other.healthLoadAnswers)")
    }
    return differences
  }
}
