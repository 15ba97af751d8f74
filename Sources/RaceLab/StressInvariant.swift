import CoffeeScenarios

/// Something a stress iteration checks once the app has gone still, and what in the platform's
/// records ties a break to the race whose catalog entry carries the invariant.
public struct StressInvariant: Sendable {
  /// The invariant's name, as the stress reports it.
  public let name: Stress.Invariant
  private let breach: @Sendable (StressOutcome) -> String?
  private let evidence: @Sendable (StressOutcome) -> String?

  /// An invariant named `name`: `breach` says what broke it, or nil when it holds; `evidence`
  /// says what in the platform's records shows the race's interleaving, or nil when nothing
  /// does (the break is then a lead, not a diagnosis).
  public init(
    _ name: Stress.Invariant,
    evidence: @escaping @Sendable (StressOutcome) -> String? = { _ in nil },
    breach: @escaping @Sendable (StressOutcome) -> String?
  ) {
    self.name = name
    self.breach = breach
    self.evidence = evidence
  }

  /// The invariant `name`, broken when `appInvariant`, which the behaviour suite checks too, does
  /// not hold at the end of the iteration.
  public init(
    _ name: Stress.Invariant, holds appInvariant: AppInvariant,
    evidence: @escaping @Sendable (StressOutcome) -> String? = { _ in nil }
  ) {
    self.init(name, evidence: evidence) { appInvariant.violation(in: $0.snapshot) }
  }

  /// What broke the invariant in `outcome`; nil when it holds.
  public func breach(in outcome: StressOutcome) -> String? {
    breach(outcome)
  }

  /// What ties a break in `outcome` to the race; nil when nothing recorded does.
  public func evidence(in outcome: StressOutcome) -> String? {
    evidence(outcome)
  }
}
