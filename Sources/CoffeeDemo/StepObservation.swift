import CoffeeScenarios
import Foundation

/// What one variant showed after one step: the state the variants must agree on
/// (`ObservedState`), and what the demo prints besides, rounded as printed.
@dynamicMemberLookup
struct StepObservation {
  let state: ObservedState
  let caffeineLevel: Double
  let equivalentCups: Double
  /// A diagnostic, not behaviour: the migration is expected to change it, so `differences`
  /// leaves it out.
  let blockingIOOnMainQueue: Int

  /// Observes the step `record`.
  init(_ record: ScenarioOutcome.StepRecord) {
    state = ObservedState(record.snapshot, now: record.now)
    caffeineLevel = (record.snapshot.caffeineLevel * 10).rounded() / 10
    equivalentCups = (record.snapshot.equivalentCups * 100).rounded() / 100
    blockingIOOnMainQueue = record.snapshot.blockingIOOnMainQueue
  }

  subscript<Value>(dynamicMember keyPath: KeyPath<ObservedState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Where `self` and `other` differ in what the two variants must agree on.
  func differences(from other: StepObservation) -> [String] {
    state.differences(from: other.state)
  }
}
