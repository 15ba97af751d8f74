import CoffeeDomain

extension Expectation {
  /// What every scenario checks, on every variant, once the app has gone still.
  public static let everyScenario: [Expectation] = [
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
    Expectation("no drink is listed twice") { outcome in
      let ids = outcome.final.modelDrinks.map(\.uuid)
      return Set(ids).count == ids.count ? nil : "\(ids.count - Set(ids).count) duplicate drinks"
    },
    Expectation("no published change is made off the main queue") { outcome in
      let count = outcome.final.offMainPublishedChanges
      return count == 0 ? nil : "\(count) published changes off the main queue"
    },
    Expectation("no file write is lost when the app is suspended") { outcome in
      let count = outcome.final.writesLostAtSuspension
      return count == 0 ? nil : "\(count) writes lost at suspension"
    },
    Expectation("every background task is completed exactly once") { outcome in
      let wrong = outcome.final.backgroundTasks.filter { $0.completions != 1 }
      return wrong.isEmpty
        ? nil
        : wrong.map { "task \($0.id) completed \($0.completions) times" }.joined(separator: "; ")
    },
    Expectation("no file I/O blocks the main queue", brokenBy: .blockingIOOnMainQueue) { outcome in
      let count = outcome.final.blockingIOOnMainQueue
      return count == 0 ? nil : "\(count) file operations on the main queue"
    },
  ]

  private static func describe(_ file: Snapshot.FileContents, _ outcome: ScenarioOutcome) -> String
  {
    switch file {
    case .missing: "is missing"
    case .unreadable: "is unreadable"
    case .drinks(let drinks): "holds \(outcome.summary(of: drinks))"
    }
  }
}
