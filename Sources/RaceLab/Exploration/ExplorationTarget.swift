import CoffeeScenarios

/// What `race-lab explore` runs under the scheduler: one scenario of the behaviour suite on one
/// variant, its steps either settled one by one (as the suite plays them) or all in flight
/// together (each step's work free to interleave with the next's).
public struct ExplorationTarget: Sendable, CustomStringConvertible {
  public let scenario: Scenario
  public let variant: Variant
  public let pacing: StepPacing

  public init(scenario: Scenario, variant: Variant, pacing: StepPacing) {
    self.scenario = scenario
    self.variant = variant
    self.pacing = pacing
  }

  public init(scenario: Scenario, variant: Variant, stepsInFlight: Bool) {
    self.init(scenario: scenario, variant: variant, pacing: stepsInFlight ? .inFlight : .settled)
  }

  /// Whether the steps' work is in flight together, settled only before a relaunch and after
  /// the last step.
  public var stepsInFlight: Bool { pacing != .settled }

  /// The scenario's name, with `+in-flight` when its steps are in flight together: the name
  /// `explore` takes back.
  public var name: String { scenario.id + (pacing == .settled ? "" : "+\(pacing.rawValue)") }

  public var description: String { "\(name) on the \(variant) variant" }

  /// The targets that tell `entry`'s story: the scenarios that name it as a known bug first,
  /// then every other scenario, as the behaviour suite plays them (steps settled one by one),
  /// then each with its steps in flight together, where two actions close together (a save
  /// still on its way when the next change comes) can interleave.
  public static func story(of entry: RaceEntry, variant: Variant) -> [ExplorationTarget] {
    let naming = Scenario.all.filter { $0.knownBeforeBugs.contains(entry.knownBug) }
    let others = Scenario.all.filter { !$0.knownBeforeBugs.contains(entry.knownBug) }
    return [false, true].flatMap { inFlight in
      (naming + others).map {
        ExplorationTarget(scenario: $0, variant: variant, stepsInFlight: inFlight)
      }
    }
  }

  /// The catalog entries that are defects of the before variant itself, which its scenarios can
  /// show (the others live in code the catalog carries for them: the talk's end state, a
  /// nonsending loader).
  public static var beforeVariantEntries: [RaceEntry] {
    RaceCatalog.entries.filter { $0.lesson.before.file.hasPrefix("Sources/CoffeeTrackerBefore/") }
  }

  /// Every scenario of the behaviour suite, as the suite plays them. The steps-in-flight form of
  /// a scenario is asked for by name (`day-of-coffee+in-flight`): it puts the app where no
  /// scenario's author meant it to be, and its findings are leads, not catalog entries.
  public static func all(variant: Variant) -> [ExplorationTarget] {
    Scenario.all.map { ExplorationTarget(scenario: $0, variant: variant, stepsInFlight: false) }
  }

  /// Every scenario with its steps in flight together (`all+in-flight`).
  public static func allInFlight(variant: Variant) -> [ExplorationTarget] {
    Scenario.all.map { ExplorationTarget(scenario: $0, variant: variant, stepsInFlight: true) }
  }

  /// The target `name` names (`first-launch`, `day-of-coffee+in-flight`,
  /// `loads-overlap+in-flight`).
  public static func named(_ name: String, variant: Variant) -> ExplorationTarget? {
    let parts = name.split(separator: "+", maxSplits: 1).map(String.init)
    let pacing = parts.count == 2 ? StepPacing(rawValue: parts[1]) : .settled
    guard let pacing, pacing != .settled || parts.count == 1 else { return nil }
    return Scenario.named(parts[0]).map {
      ExplorationTarget(scenario: $0, variant: variant, pacing: pacing)
    }
  }
}
