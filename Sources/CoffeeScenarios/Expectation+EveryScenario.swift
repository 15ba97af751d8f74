import CoffeeDomain

extension Expectation {
  /// What every scenario checks, on every variant, once the app has gone still: what the file and
  /// a relaunch hold, then the invariants the stress checks too.
  public static let everyScenario: [Expectation] =
    [
      Expectation("the file on disk holds exactly the model's drinks") { outcome in
        let file = outcome.final.file
        return file.drinks == outcome.final.modelDrinks
          ? nil
          : "the model holds \(outcome.summary(of: outcome.final.modelDrinks)), the file \(describe(file, outcome))"
      },
      Expectation("a relaunch restores the same drinks from disk") { outcome in
        outcome.afterRelaunch.modelDrinks == outcome.final.modelDrinks
          ? nil
          : "before relaunch \(outcome.summary(of: outcome.final.modelDrinks)), after \(outcome.summary(of: outcome.afterRelaunch.modelDrinks))"
      },
    ]
    + AppInvariant.all.map { invariant in
      Expectation(invariant.summary, brokenBy: invariant.brokenBy) {
        invariant.violation(in: $0.final)
      }
    }

  private static func describe(_ file: Snapshot.FileContents, _ outcome: ScenarioOutcome) -> String
  {
    switch file {
    case .missing: "is missing"
    case .unreadable: "is unreadable"
    case .drinks(let drinks): "holds \(outcome.summary(of: drinks))"
    }
  }
}
