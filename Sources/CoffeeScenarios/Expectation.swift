import CheckReporting
import CoffeeDomain
import Foundation

/// Something that must be true of a scenario's outcome.
public struct Expectation: Sendable, CustomStringConvertible {
  /// What must be true, in a sentence.
  public let summary: String
  /// The before variant's bug that breaks this expectation, if the scenario shows one.
  public let brokenBy: KnownBug?
  private let failure: @Sendable (ScenarioOutcome) -> String?

  /// An expectation whose `failure` closure returns nil when it holds, and otherwise says what
  /// was found instead.
  public init(
    _ summary: String, brokenBy: KnownBug? = nil,
    failure: @escaping @Sendable (ScenarioOutcome) -> String?
  ) {
    self.summary = summary
    self.brokenBy = brokenBy
    self.failure = failure
  }

  /// Nil when the expectation holds for `outcome`; otherwise what went wrong.
  public func failure(in outcome: ScenarioOutcome) -> String? {
    failure(outcome)
  }

  public var description: String { summary }
}

extension Expectation {
  /// An expectation that two values are equal, reporting both when they are not, on lines of
  /// their own (`expected: …`, `actual: …`) in the domain's words.
  public static func equal<Value: Equatable & Sendable>(
    _ summary: String, brokenBy: KnownBug? = nil,
    _ actual: @escaping @Sendable (ScenarioOutcome) -> Value,
    _ expected: @escaping @Sendable (ScenarioOutcome) -> Value
  ) -> Expectation {
    Expectation(summary, brokenBy: brokenBy) { outcome in
      let actual = actual(outcome)
      let expected = expected(outcome)
      return actual == expected
        ? nil
        : """
        expected: \(ReadableDescription.of(expected))
        actual: \(ReadableDescription.of(actual))
        """
    }
  }

  /// The model's drinks, as (mg, minutes before the end of the scenario), in the model's order.
  public static func modelHolds(_ expected: [DrinkSummary]) -> Expectation {
    let listed =
      expected.isEmpty ? "no drinks" : expected.map(\.description).joined(separator: ", ")
    return .equal(
      "the model holds \(listed)", { $0.summary(of: $0.final.modelDrinks) }, { _ in expected })
  }

  /// The health store's samples, as (mg, minutes before the end of the scenario), oldest first.
  public static func healthStoreHolds(_ expected: [DrinkSummary]) -> Expectation {
    let listed =
      expected.isEmpty ? "no samples" : expected.map(\.description).joined(separator: ", ")
    return .equal("the health store holds \(listed)") {
      outcome in
      outcome.final.healthSamples.map {
        DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: outcome.now)
      }
    } _: { _ in
      expected
    }
  }
}
