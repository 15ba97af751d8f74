import CheckReporting
import CoffeeScenarios

/// How many expectations fared how, over one run or many.
struct Tally: CustomStringConvertible {
  var held = 0
  var knownBeforeBugs = 0
  var broken = 0
  /// Runs the runner gave up on, whose expectations were never judged.
  var failedRuns = 0

  /// Whether anything calls for a failing exit status.
  var isBroken: Bool { broken > 0 || failedRuns > 0 }

  /// Counts `run`'s verdicts on `scenario`, or the run itself when it failed.
  init(of run: VariantRun, on scenario: Scenario) {
    guard case .success = run.result else {
      failedRuns = 1
      return
    }
    for verdict in run.verdicts(for: scenario) {
      switch verdict {
      case .held: held += 1
      case .knownBeforeBug: knownBeforeBugs += 1
      case .broken, .knownBeforeBugMissing: broken += 1
      }
    }
  }

  init() {}

  static func + (lhs: Tally, rhs: Tally) -> Tally {
    var sum = lhs
    sum.held += rhs.held
    sum.knownBeforeBugs += rhs.knownBeforeBugs
    sum.broken += rhs.broken
    sum.failedRuns += rhs.failedRuns
    return sum
  }

  var description: String {
    var parts = ["\(held) held"]
    if knownBeforeBugs > 0 { parts.append(Wording.count(knownBeforeBugs, "known before bug")) }
    parts.append("\(broken) broken")
    if failedRuns > 0 { parts.append(Wording.count(failedRuns, "failed run")) }
    return parts.joined(separator: ", ")
  }
}
