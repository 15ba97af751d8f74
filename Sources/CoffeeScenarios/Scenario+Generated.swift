import CoffeeDomain
import Foundation
import SimulatedPlatform

extension Scenario {
  /// The generated scenarios the coffee checks explore, from exercise 11 on: from seed 1 up,
  /// each seed whose scenario plays a kind of situation that no seed before it played
  /// (`GeneratedWorld.situations(of:)`), until every kind is played. Any other seed names a
  /// scenario too: `race-lab explore generated-57+in-flight`.
  public static let generated: [Scenario] = {
    var chosen: [Scenario] = []
    var played = Set<GeneratedWorld.Situation>()
    for seed in UInt64(1)...500 where played.count < GeneratedWorld.Situation.allCases.count {
      let scenario = generated(seed: seed)
      let situations = GeneratedWorld.situations(of: scenario)
      guard !situations.isSubset(of: played) else { continue }
      chosen.append(scenario)
      played.formUnion(situations)
    }
    return chosen
  }()

  /// A scenario drawn from `seed`, the same on every run and every machine: a stretch of a day
  /// with the app, played with the steps' work in flight together (`+in-flight`), some of them
  /// at any moment of the rest (`meanwhile`).
  ///
  /// The world: a saved file or none, samples already in Health, and launches in the foreground
  /// or not; then four to six of the user's and the world's steps (a drink, another device's
  /// sample, a load, the app to the background and back, a background refresh there, the health
  /// store failing its queries or refusing samples and working again, a write that fails),
  /// each drawn only where the world allows it; then every failure over, the app active, and a
  /// relaunch. The expected end comes from a sequential model of the app (`GeneratedWorld`):
  /// whatever the order of the work, the model holds every drink saved, added or brought from
  /// Health once, and every rule of the app holds (`Expectation.everyScenario`).
  public static func generated(seed: UInt64) -> Scenario {
    var world = GeneratedWorld(seed: seed)
    let steps = world.drawSteps()
    return Scenario(
      id: "generated-\(seed)",
      summary: "A stretch of a day drawn from seed \(seed): \(world.summary).",
      setup: world.setup,
      steps: steps,
      expectations: [world.endExpectation],
      holdsInEveryOrder: true)
  }

  /// The seed of a generated scenario's identifier (`generated-12` is 12), if it is one.
  public static func generatedSeed(of id: String) -> UInt64? {
    guard id.hasPrefix("generated-") else { return nil }
    return UInt64(id.dropFirst("generated-".count))
  }
}

/// The world of one generated scenario as it is drawn, and the sequential model of the app that
/// says what it must end with: the drinks a file, the user and other devices put there. Every
/// step is drawn only where the real world allows it (a refresh comes only in the background,
/// the user adds drinks only in the foreground), so that right code passes every sequence.
struct GeneratedWorld {
  private var random: SeededGenerator
  private(set) var setup = Scenario.Setup()
  /// What the model must hold at the end, as the app's domain says it.
  private var expected: [DrinkSummary] = []
  private var isActive = true
  private var queriesFail = false
  private var savesFail = false
  private var samplesAdded = 0
  private var described: [String] = []

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D)
  }

  /// A kind of situation a generated scenario can play.
  enum Situation: CaseIterable {
    case foregroundLaunch, drink, load, backgroundRefresh, background
    case sampleAtAnyMoment, drinkAtAnyMoment, loadAtAnyMoment
    case queriesFailing, samplesRefused, writeFailing
  }

  /// The kinds of situation `scenario` plays.
  static func situations(of scenario: Scenario) -> Set<Situation> {
    var found: Set<Situation> = scenario.setup.launchesInForeground ? [.foregroundLaunch] : []
    for step in scenario.steps {
      switch step {
      case .addDrink: found.insert(.drink)
      case .syncHealth: found.insert(.load)
      case .backgroundRefresh: found.insert(.backgroundRefresh)
      case .setApplicationState(.background): found.insert(.background)
      case .meanwhile(.otherDeviceAddsSample): found.insert(.sampleAtAnyMoment)
      case .meanwhile(.addDrink): found.insert(.drinkAtAnyMoment)
      case .meanwhile(.syncHealth): found.insert(.loadAtAnyMoment)
      case .setHealthFailure(.queries, true): found.insert(.queriesFailing)
      case .setHealthFailure(.saves, true): found.insert(.samplesRefused)
      case .failNextFileWrite: found.insert(.writeFailing)
      default: break
      }
    }
    return found
  }

  /// A word on the world drawn: its launches and what it starts with.
  var summary: String { described.joined(separator: ", ") }

  /// The expectation the sequential model gives: the model holds exactly the drinks saved,
  /// added and brought from Health, each once, in any order.
  var endExpectation: Expectation {
    // Oldest first, as a list the model may hold in any order.
    let inOneOrder: @Sendable ([DrinkSummary]) -> [DrinkSummary] = { drinks in
      drinks.sorted { ($0.minutesAgo, $0.mg) > ($1.minutesAgo, $1.mg) }
    }
    let expected = inOneOrder(expected)
    let listed =
      expected.isEmpty ? "no drinks" : expected.map(\.description).joined(separator: ", ")
    return .equal("the model holds \(listed), each once, in any order") { outcome in
      inOneOrder(outcome.summary(of: outcome.final.modelDrinks))
    } _: { _ in
      expected
    }
  }

  private mutating func draw(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices[draw(0...(choices.count - 1))]
  }

  mutating func drawSteps() -> [Step] {
    drawSetup()
    var steps: [Step] = []
    for _ in 0..<draw(4...6) { steps += drawStep() }
    steps = wrapSomeInMeanwhile(steps)
    // The end: every failure over, the app active, and a relaunch, whose load brings whatever
    // sample a load before it could not.
    if queriesFail { steps.append(.setHealthFailure(.queries, failing: false)) }
    if savesFail { steps.append(.setHealthFailure(.saves, failing: false)) }
    if !isActive { steps.append(.setApplicationState(.active)) }
    steps.append(.relaunch)
    return steps
  }

  private mutating func drawSetup() {
    setup.launchesInForeground = draw(0...1) == 1
    described.append(setup.launchesInForeground ? "launches in the foreground" : "launches")
    let saved = [(96.0, 300.0), (64.0, 180.0)].prefix(draw(0...2))
    if !saved.isEmpty {
      setup.savedFile = .drinks(Array(saved))
      expected += saved.map { DrinkSummary(mg: $0.0, minutesAgo: $0.1) }
    }
    described.append(saved.isEmpty ? "no saved file" : "\(saved.count) saved drink(s)")
    for _ in 0..<draw(0...1) {
      setup.existingSamples.append(newSample())
    }
    described.append("\(setup.existingSamples.count) sample(s) in Health")
  }

  /// Another device's next sample, which the model must list at the end.
  private mutating func newSample() -> Step {
    samplesAdded += 1
    let mg = pick([47.0, 64.0, 128.0])
    let minutesAgo = pick([10.0, 25.0, 50.0])
    expected.append(DrinkSummary(mg: mg, minutesAgo: minutesAgo))
    return .otherDeviceAddsSample(
      mg: mg, minutesAgo: minutesAgo, id: ScenarioIDs.sample(100 + samplesAdded))
  }

  private mutating func newDrink() -> Step {
    let type = pick([DrinkType.smallCoffee, .singleEspresso, .greenTea, .blackTea])
    let minutesAgo = pick([0.0, 15.0, 40.0])
    expected.append(DrinkSummary(mg: type.mgCaffeinePerServing, minutesAgo: minutesAgo))
    return .addDrink(type, minutesAgo: minutesAgo)
  }

  /// One step the world allows now, or a few that belong together (a failed write and the two
  /// drinks whose saves follow it: the last write of the list must be one that works).
  private mutating func drawStep() -> [Step] {
    // Weighted: the app's own steps most, a failure now and then.
    while true {
      switch draw(0...12) {
      case 0, 1:
        return [newSample()]
      case 2...3 where isActive:
        return [newDrink()]
      case 4...5 where isActive:
        return [.syncHealth]
      case 6, 7:
        isActive.toggle()
        return [.setApplicationState(isActive ? .active : .background)]
      case 8...9 where !isActive:
        return [.backgroundRefresh]
      case 10:
        queriesFail.toggle()
        return [.setHealthFailure(.queries, failing: queriesFail)]
      case 11:
        savesFail.toggle()
        return [.setHealthFailure(.saves, failing: savesFail)]
      case 12 where isActive:
        return [.failNextFileWrite, newDrink(), newDrink()]
      default:
        continue
      }
    }
  }

  /// Up to two steps played at any moment of the app's work instead of in their place: another
  /// device's sample anywhere; a drink or a load only where the app does not go to the
  /// background later (the system suspends an app once its background tasks are done, and the
  /// user acts on an app in the foreground). Failures stay in their place: one that started
  /// late could outlast the step that ends it.
  private mutating func wrapSomeInMeanwhile(_ steps: [Step]) -> [Step] {
    var wrapped = steps
    var count = 0
    for index in steps.indices where count < 2 {
      let step = steps[index]
      let goesToBackgroundLater = steps[(index + 1)...].contains(.setApplicationState(.background))
      let eligible =
        switch step {
        case .otherDeviceAddsSample: true
        case .addDrink, .syncHealth: !goesToBackgroundLater
        default: false
        }
      guard eligible, draw(0...2) == 0 else { continue }
      wrapped[index] = .meanwhile(step)
      count += 1
    }
    return wrapped
  }
}
