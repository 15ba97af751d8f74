import Testing

@testable import CoffeeScenarios

/// The generated scenarios: the same for a seed on every call, drawn only where the world allows
/// each step, and, for the ones the checks explore, every kind of situation played.
@Suite("Generated scenarios")
struct GeneratedScenarioTests {
  @Test("A seed names the same scenario on every call, and its identifier names it again")
  func seedsReplay() throws {
    for seed in UInt64(1)...50 {
      let first = Scenario.generated(seed: seed)
      let again = try #require(Scenario.named("generated-\(seed)"))
      #expect(first.steps == again.steps)
      #expect(first.summary == again.summary)
      #expect(first.setup.launchesInForeground == again.setup.launchesInForeground)
    }
  }

  @Test("Seeds draw different scenarios")
  func seedsDiffer() {
    let drawn = (UInt64(1)...50).map { Scenario.generated(seed: $0).steps.map(\.description) }
    #expect(Set(drawn).count > 40)
  }

  @Test("The scenarios the checks explore play every kind of situation between them")
  func checksPlayEverySituation() {
    let played = Scenario.generated.reduce(into: Set<GeneratedWorld.Situation>()) {
      $0.formUnion(GeneratedWorld.situations(of: $1))
    }
    #expect(played == Set(GeneratedWorld.Situation.allCases))
    // Chosen from seed 1 up, and none twice.
    let seeds = Scenario.generated.compactMap { Scenario.generatedSeed(of: $0.id) }
    #expect(seeds.count == Scenario.generated.count)
    #expect(seeds == seeds.sorted() && Set(seeds).count == seeds.count)
  }

  @Test("A step is drawn only where the world allows it, and every stretch ends clean")
  func stepsRespectTheWorld() {
    for seed in UInt64(1)...300 {
      let steps = Scenario.generated(seed: seed).steps
      var active = true
      var failing: Set<HealthFailure> = []
      for (index, step) in steps.dropLast().enumerated() {
        let played = if case .meanwhile(let inner) = step { inner } else { step }
        // A drink or a load at any moment could fire after the app has gone to the background.
        if step != played, played.isActionOnTheApp {
          #expect(
            !steps[(index + 1)...].contains(.setApplicationState(.background)),
            "seed \(seed): \(step) before the app goes to the background")
        }
        switch played {
        case .setApplicationState(let state): active = state == .active
        case .backgroundRefresh: #expect(!active, "seed \(seed): a refresh in the foreground")
        case .addDrink, .syncHealth: #expect(active, "seed \(seed): \(played) in the background")
        case .setHealthFailure(let failure, let on):
          if on { failing.insert(failure) } else { failing.remove(failure) }
          #expect(step == played, "seed \(seed): a failure at some later moment")
        case .failNextFileWrite:
          #expect(step == played, "seed \(seed): a failed write at some later moment")
        default: break
        }
      }
      #expect(steps.last == .relaunch, "seed \(seed)")
      #expect(active && failing.isEmpty, "seed \(seed): the relaunch meets a failing world")
    }
  }
}
