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
