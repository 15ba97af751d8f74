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
    generated(seed: seed, without: [])!
  }

  /// The scenario drawn from `seed` without the drawn steps numbered `dropped` (from 1, in the
  /// order drawn; a failed write and the two drinks after it are one), named
  /// `generated-SEED-without-2-5`; nil where the steps left are not a world watchOS makes (a
  /// refresh while the app is in front, say, once the move to the background is dropped). Its
  /// end and its expected drinks follow from the steps left: a shorter failing scenario, as
  /// `race-lab explore` shrinks one.
  public static func generated(seed: UInt64, without dropped: Set<Int>) -> Scenario? {
    var world = GeneratedWorld(seed: seed)
    let drawn = world.drawSteps()
    let kept = drawn.enumerated().filter { !dropped.contains($0.offset + 1) }.map(\.element)
    guard dropped.allSatisfy(drawn.indices.map { $0 + 1 }.contains),
      let steps = GeneratedWorld.played(kept)
    else { return nil }
    let name =
      dropped.isEmpty ? "" : "-without-" + dropped.sorted().map(String.init).joined(separator: "-")
    return Scenario(
      id: "generated-\(seed)" + name,
      summary: "A stretch of a day drawn from seed \(seed)"
        + (dropped.isEmpty ? "" : ", without \(dropped.count) of its drawn steps")
        + ": \(world.summary).",
      setup: world.setup,
      steps: steps,
      expectations: [GeneratedWorld.endExpectation(setup: world.setup, steps: steps)],
      holdsInEveryOrder: true)
  }

  /// How many steps the scenario drawn from `seed` drew (a failed write and the two drinks
  /// after it counted as one): the steps `generated(seed:without:)` can drop.
  public static func generatedStepCount(seed: UInt64) -> Int {
    var world = GeneratedWorld(seed: seed)
    return world.drawSteps().count
  }

  /// The seed and the dropped steps of a generated scenario's identifier (`generated-12` is
  /// 12 and none; `generated-12-without-1-3`, 12 without 1 and 3), if it is one.
  public static func generatedName(of id: String) -> (seed: UInt64, dropped: Set<Int>)? {
    guard id.hasPrefix("generated-") else { return nil }
    let parts = id.dropFirst("generated-".count).split(
      separator: "-", omittingEmptySubsequences: false)
    guard let seed = parts.first.flatMap({ UInt64($0) }) else { return nil }
    if parts.count == 1 { return (seed, []) }
    guard parts.count >= 3, parts[1] == "without" else { return nil }
    let dropped = parts.dropFirst(2).map { Int($0) }
    guard dropped.allSatisfy({ $0 != nil }) else { return nil }
    return (seed, Set(dropped.map { $0! }))
  }

  /// The seed of a generated scenario's identifier (`generated-12` is 12), if it is one drawn
  /// whole.
  public static func generatedSeed(of id: String) -> UInt64? {
    guard let name = generatedName(of: id), name.dropped.isEmpty else { return nil }
    return name.seed
  }
}

/// The world of one generated scenario as it is drawn, and the sequential model of the app that
/// says what it must end with: the drinks a file, the user and other devices put there. Every
/// step is drawn only where the real world allows it (a refresh comes only in the background,
/// the user adds drinks only in the foreground), so that right code passes every sequence.
struct GeneratedWorld {
  private var random: SeededGenerator
  private(set) var setup = Scenario.Setup()
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

  /// The expectation the sequential model gives for `steps` from `setup`: the model holds
  /// exactly the drinks saved, added and brought from Health, each once, in any order. Read
  /// from the steps themselves, so that a scenario with steps dropped expects what it plays.
  static func endExpectation(setup: Scenario.Setup, steps: [Step]) -> Expectation {
    var expected: [DrinkSummary] = []
    if case .drinks(let saved) = setup.savedFile {
      expected += saved.map { DrinkSummary(mg: $0.mg, minutesAgo: $0.minutesAgo) }
    }
    func add(_ step: Step) {
      switch step {
      case .otherDeviceAddsSample(let mg, let minutesAgo, _):
        expected.append(DrinkSummary(mg: mg, minutesAgo: minutesAgo))
      case .addDrink(let type, let minutesAgo):
        expected.append(DrinkSummary(mg: type.mgCaffeinePerServing, minutesAgo: minutesAgo))
      case .meanwhile(let step): add(step)
      case .together(let steps): steps.forEach(add)
      default: break
      }
    }
    (setup.existingSamples + steps).forEach(add)
    // Oldest first, as a list the model may hold in any order.
    let inOneOrder: @Sendable ([DrinkSummary]) -> [DrinkSummary] = { drinks in
      drinks.sorted { ($0.minutesAgo, $0.mg) > ($1.minutesAgo, $1.mg) }
    }
    let sorted = inOneOrder(expected)
    let listed = sorted.isEmpty ? "no drinks" : sorted.map(\.description).joined(separator: ", ")
    return .equal("the model holds \(listed), each once, in any order") { outcome in
      inOneOrder(outcome.summary(of: outcome.final.modelDrinks))
    } _: { _ in
      sorted
    }
  }

  private mutating func draw(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices[draw(0...(choices.count - 1))]
  }

  /// Draws the world, then four to six steps, each a unit that `played(_:)` turns into the
  /// scenario's steps (a failed write and the two drinks after it are one unit).
  mutating func drawSteps() -> [[Step]] {
    drawSetup()
    var units: [[Step]] = []
    for _ in 0..<draw(4...6) { units.append(drawStep()) }
    return wrapSomeInMeanwhile(units)
  }

  /// The steps of `units` in order, then the end: every failure over, the app active, and a
  /// relaunch, whose load brings whatever sample a load before it could not. Nil where a step
  /// comes where watchOS would not bring it: a drink, a load or a move to the foreground while
  /// the app is in front already, a refresh or a move to the background while it is not.
  static func played(_ units: [[Step]]) -> [Step]? {
    var isActive = true
    var queriesFail = false
    var savesFail = false
    let steps = units.joined()
    for step in steps {
      switch step {
      case .addDrink, .syncHealth, .meanwhile(.addDrink), .meanwhile(.syncHealth):
        guard isActive else { return nil }
      case .backgroundRefresh:
        guard !isActive else { return nil }
      case .setApplicationState(let state):
        guard isActive != (state == .active) else { return nil }
        isActive = state == .active
      case .setHealthFailure(.queries, let failing): queriesFail = failing
      case .setHealthFailure(.saves, let failing): savesFail = failing
      default: break
      }
    }
    var ending: [Step] = []
    if queriesFail { ending.append(.setHealthFailure(.queries, failing: false)) }
    if savesFail { ending.append(.setHealthFailure(.saves, failing: false)) }
    if !isActive { ending.append(.setApplicationState(.active)) }
    return steps + ending + [.relaunch]
  }

  private mutating func drawSetup() {
    setup.launchesInForeground = draw(0...1) == 1
    described.append(setup.launchesInForeground ? "launches in the foreground" : "launches")
    let saved = [(96.0, 300.0), (64.0, 180.0)].prefix(draw(0...2))
    if !saved.isEmpty {
      setup.savedFile = .drinks(Array(saved))
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
    return .otherDeviceAddsSample(
      mg: mg, minutesAgo: minutesAgo, id: ScenarioIDs.sample(100 + samplesAdded))
  }

  private mutating func newDrink() -> Step {
    let type = pick([DrinkType.smallCoffee, .singleEspresso, .greenTea, .blackTea])
    let minutesAgo = pick([0.0, 15.0, 40.0])
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
  private mutating func wrapSomeInMeanwhile(_ units: [[Step]]) -> [[Step]] {
    var wrapped = units
    var count = 0
    let steps = Array(units.joined())
    var position = 0
    for (unit, index) in units.indices.flatMap({ unit in units[unit].indices.map { (unit, $0) } }) {
      defer { position += 1 }
      guard count < 2 else { break }
      let step = units[unit][index]
      let goesToBackgroundLater = steps[(position + 1)...].contains(
        .setApplicationState(.background))
      let eligible =
        switch step {
        case .otherDeviceAddsSample: true
        case .addDrink, .syncHealth: !goesToBackgroundLater
        default: false
        }
      guard eligible, draw(0...2) == 0 else { continue }
      wrapped[unit][index] = .meanwhile(step)
      count += 1
    }
    return wrapped
  }
}
