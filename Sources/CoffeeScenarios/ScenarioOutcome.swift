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
  /// The drinks the user added while the health store was available, had authorized the app
  /// and took samples: each must reach Health once.
  public let drinksAddedWhileHealthAccepted: [UUID]
  /// The loads that answered success while the model still lacked a sample another device had
  /// added before they were asked for: an answer given before the work it reports.
  public let loadsAnsweredBeforeTheirWork: [EarlyLoadAnswer]
  /// Every platform event, in order.
  public let events: [PlatformEvent]

  /// A load that answered success before its work was done.
  public struct EarlyLoadAnswer: Sendable {
    /// Which of the scenario's loads (`syncHealth` steps), counted from 1.
    public let load: Int
    /// The samples it should have brought into the model by then.
    public let missing: [CaffeineSample]
  }

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
