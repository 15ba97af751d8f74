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

  @Test("A scenario without some of its drawn steps is named by them, and expects what it plays")
  func droppedSteps() throws {
    for seed in UInt64(1)...50 {
      let whole = Scenario.generated(seed: seed)
      let count = Scenario.generatedStepCount(seed: seed)
      for step in 1...count {
        // A drop that leaves a world watchOS does not make is refused, never played.
        guard let shorter = Scenario.generated(seed: seed, without: [step]) else { continue }
        #expect(shorter.id == "generated-\(seed)-without-\(step)")
        #expect(Scenario.named(shorter.id)?.steps == shorter.steps)
        #expect(shorter.steps.count <= whole.steps.count)
        #expect(shorter.steps.last == .relaunch)
      }
      #expect(Scenario.generated(seed: seed, without: [count + 1]) == nil)
    }
    // Seed 13: a drink, a load, a sample, then the app to the background, a refresh, and the
    // app back. Without the move to the background, the refresh would come in front: refused.
    let thirteen = Scenario.generated(seed: 13)
    #expect(thirteen.steps.contains(.backgroundRefresh))
    #expect(Scenario.generated(seed: 13, without: [4]) == nil)
    let shrunk = try #require(Scenario.named("generated-13-without-1-2-3"))
    #expect(
      shrunk.steps == [
        .setApplicationState(.background), .backgroundRefresh, .setApplicationState(.active),
        .relaunch,
      ])
    #expect(Scenario.generatedName(of: "generated-13-without-1-3")! == (13, [1, 3]))
    #expect(Scenario.generatedName(of: "generated-13-with-1") == nil)
    #expect(Scenario.generatedSeed(of: "generated-13-without-1") == nil)
  }

  @Test("The expected drinks follow the steps played: a dropped drink is not expected")
  func expectationFollowsTheSteps() throws {
    // The first seed with a drink among its drawn steps.
    let seed = try #require(
      (UInt64(1)...50).first { seed in
        Scenario.generated(seed: seed).steps.contains {
          if case .addDrink = $0 { true } else { false }
        }
      })
    let whole = Scenario.generated(seed: seed)
    let count = Scenario.generatedStepCount(seed: seed)
    let without = try #require(
      (1...count).lazy.compactMap { Scenario.generated(seed: seed, without: [$0]) }.first {
        $0.steps.filter { if case .addDrink = $0 { true } else { false } }.count
          < whole.steps.filter { if case .addDrink = $0 { true } else { false } }.count
      })
    #expect(whole.expectations[0].summary != without.expectations[0].summary)
  }
}
