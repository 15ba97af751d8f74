import CoffeeDomain
import Foundation
import SimulatedPlatform

/// What happened when a scenario ran on one variant.
public struct ScenarioOutcome: Sendable {
  /// One step and what the app looked like once it had gone still after it.
  public struct StepRecord: Sendable {
    public let step: Step
    public let snapshot: Snapshot
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
      modelDrinks: summary(of: final.modelDrinks),
      fileDrinks: final.file.drinks.map(summary(of:)),
      documentFiles: final.documentFiles,
      healthSamples: final.healthSamples.map {
        DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now)
      },
      complicationReloads: final.complicationReloads,
      complicationLevel: final.complicationLevel.map { ($0 * 1000).rounded() / 1000 },
      backgroundTasks: final.backgroundTasks,
      scheduledRefreshes: final.scheduledRefreshes,
      writesLostAtSuspension: final.writesLostAtSuspension,
      offMainPublishedChanges: final.offMainPublishedChanges,
      drinksAfterRelaunch: summary(of: afterRelaunch.modelDrinks),
      healthLoadAnswers: healthLoadAnswers
    )
  }
}

/// The observable behaviour two variants must share for the same scenario.
public struct ObservableBehaviour: Hashable, Sendable {
  public let modelDrinks: [DrinkSummary]
  public let fileDrinks: [DrinkSummary]?
  public let documentFiles: [String]
  public let healthSamples: [DrinkSummary]
  public let complicationReloads: Int
  public let complicationLevel: Double?
  public let backgroundTasks: [Snapshot.BackgroundTaskRecord]
  public let scheduledRefreshes: Int
  public let writesLostAtSuspension: Int
  public let offMainPublishedChanges: Int
  public let drinksAfterRelaunch: [DrinkSummary]
  public let healthLoadAnswers: [Bool?]

  /// The fields in which `self` and `other` differ, each as "name: this vs that".
  public func differences(from other: ObservableBehaviour) -> [String] {
    var differences: [String] = []
    func compare<Value: Equatable>(_ name: String, _ keyPath: KeyPath<ObservableBehaviour, Value>) {
      if self[keyPath: keyPath] != other[keyPath: keyPath] {
        differences.append("\(name): \(self[keyPath: keyPath]) vs \(other[keyPath: keyPath])")
      }
    }
    compare("model drinks", \.modelDrinks)
    compare("file drinks", \.fileDrinks)
    compare("documents", \.documentFiles)
    compare("health samples", \.healthSamples)
    compare("complication reloads", \.complicationReloads)
    compare("complication level", \.complicationLevel)
    compare("background tasks", \.backgroundTasks)
    compare("scheduled refreshes", \.scheduledRefreshes)
    compare("writes lost at suspension", \.writesLostAtSuspension)
    compare("off-main published changes", \.offMainPublishedChanges)
    compare("drinks after relaunch", \.drinksAfterRelaunch)
    compare("health load answers", \.healthLoadAnswers)
    return differences
  }
}
