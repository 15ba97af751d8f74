/// How one expectation fared on one variant, judged the one way the behaviour suite and the demo
/// both judge it: a known bug of the before variant is expected to break the expectation there,
/// and the expectation must hold everywhere else.
public enum ExpectationVerdict: Sendable, Equatable {
  /// It holds, and nothing expected it to fail.
  case held
  /// It fails, and nothing excuses it.
  case broken(failure: String)
  /// It fails on the before variant because of a bug the scenario declares: the lesson.
  case knownBeforeBug(KnownBug, failure: String)
  /// The scenario declares a before bug that did not show: the scenario or the before variant
  /// changed, and the lesson is gone.
  case knownBeforeBugMissing(KnownBug)

  /// Whether the verdict is a failure: something broken, or a lesson that no longer shows.
  public var isBroken: Bool {
    switch self {
    case .held, .knownBeforeBug: false
    case .broken, .knownBeforeBugMissing: true
    }
  }

  /// The known bug the expectation was expected to fail for; nil where it must hold.
  public var expectedBug: KnownBug? {
    switch self {
    case .held, .broken: nil
    case .knownBeforeBug(let bug, _), .knownBeforeBugMissing(let bug): bug
    }
  }

  /// What went wrong, when the expectation failed.
  public var failure: String? {
    switch self {
    case .held, .knownBeforeBugMissing: nil
    case .broken(let failure), .knownBeforeBug(_, let failure): failure
    }
  }
}

extension Expectation {
  /// Judges the expectation on `outcome`. On the before variant, an expectation broken by a bug
  /// the scenario declares (`brokenBy` is in `knownBeforeBugs`) is expected to fail; on any other
  /// variant, and for every other expectation, it must hold.
  public func verdict(in outcome: ScenarioOutcome) -> ExpectationVerdict {
    let failure = failure(in: outcome)
    if outcome.variant == .before, let bug = brokenBy,
      outcome.scenario.knownBeforeBugs.contains(bug)
    {
      return failure.map { .knownBeforeBug(bug, failure: $0) } ?? .knownBeforeBugMissing(bug)
    }
    return failure.map { .broken(failure: $0) } ?? .held
  }
}
