import CoffeeDomain
import Foundation
import SimulatedPlatform

/// Runs scenarios against variants and records what they do.
@MainActor
public enum ScenarioRunner {
  /// Runs `scenario` on `variant` on a new platform: prepares the watch, launches the app,
  /// plays each step and waits for the app to go still after it, then relaunches once more.
  ///
  /// - Parameters:
  ///   - configuration: the platform to build (seed, clock, logging).
  ///   - configure: changes the prepared platform before the app launches (latencies, say).
  ///   - onStep: called after each step with its record, for live output.
  ///   - settlesBetweenSteps: false puts every step's work in flight together, settling only after
  ///     the last step (the order is then the scheduler's to explore).
  public static func run(
    _ scenario: Scenario, on variant: Variant,
    configuration: SimulatedPlatform.Configuration = .init(),
    configure: (SimulatedPlatform) -> Void = { _ in },
    settlesBetweenSteps: Bool = true,
    onStep: (ScenarioOutcome.StepRecord) -> Void = { _ in }
  ) async throws -> ScenarioOutcome {
    let platform = try SimulatedPlatform(configuration: configuration)
    try prepare(platform, for: scenario.setup)
    configure(platform)
    let answers = Answers()

    var driver = variant.launch(platform)
    try await platform.settle(driver)
    var records = [
      ScenarioOutcome.StepRecord(
        step: .relaunch, snapshot: Snapshot(of: driver, on: platform), now: platform.clock.now)
    ]
    onStep(records[0])

    for (index, step) in scenario.steps.enumerated() {
      driver = try await perform(
        step, on: platform, driver: driver, variant: variant, answers: answers)
      // Without settling, the steps' work is in flight together: `race-lab explore` orders it.
      // A relaunch is a new process: the old one's work cannot go on beside it, so the app
      // settles before one, and after the last step.
      let next = scenario.steps.indices.contains(index + 1) ? scenario.steps[index + 1] : nil
      if settlesBetweenSteps || next == nil || next == .relaunch {
        try await platform.settle(driver)
      }
      let record = ScenarioOutcome.StepRecord(
        step: step, snapshot: Snapshot(of: driver, on: platform), now: platform.clock.now)
      records.append(record)
      onStep(record)
    }
    let now = platform.clock.now

    // Relaunch once more: whatever the app showed must come back from disk.
    driver = variant.launch(platform)
    try await platform.settle(driver)
    let afterRelaunch = Snapshot(of: driver, on: platform)

    return ScenarioOutcome(
      scenario: scenario, variant: variant, now: now, steps: records, afterRelaunch: afterRelaunch,
      authorizationAnswers: answers.authorization.all,
      healthLoadAnswers: answers.healthLoad.all,
      events: platform.events.all)
  }

  /// The answers the app gave to requests a scenario made, filled in by completion handlers.
  private final class Answers: Sendable {
    let authorization = AnswerList()
    let healthLoad = AnswerList()
  }

  /// One kind of answer, in the order the requests were made; nil until answered.
  private final class AnswerList: Sendable {
    private let answers = PlatformLock<[Bool?]>([])

    var all: [Bool?] { answers.withLock { $0 } }

    /// Makes room for one answer and returns the handler that fills it in.
    func slot() -> @Sendable (Bool) -> Void {
      let index = answers.withLock { answers in
        answers.append(nil)
        return answers.count - 1
      }
      return { [self] answer in answers.withLock { $0[index] = answer } }
    }
  }

  private static func prepare(_ platform: SimulatedPlatform, for setup: Scenario.Setup) throws {
    platform.healthStore.behaviour = setup.health
    let now = platform.clock.now
    switch setup.savedFile {
    case nil:
      break
    case .drinks(let drinks):
      try platform.documents.seedDrinkList(
        drinks.map {
          Drink(mgCaffeine: $0.mg, onDate: now.addingTimeInterval(-$0.minutesAgo * 60))
        })
    case .corrupt(let bytes):
      try platform.documents.seed(bytes, asFileNamed: Snapshot.fileName)
    }
    for case .otherDeviceAddsSample(let mg, let minutesAgo, let id) in setup.existingSamples {
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: mg, date: now.addingTimeInterval(-minutesAgo * 60), uuid: id)
    }
  }

  private static func perform(
    _ step: Step, on platform: SimulatedPlatform, driver: any CoffeeTrackerDriver, variant: Variant,
    answers: Answers
  ) async throws -> any CoffeeTrackerDriver {
    let now = platform.clock.now
    switch step {
    case .addDrink(let type, let minutesAgo):
      platform.runtime.resume()
      driver.addDrink(
        mgCaffeine: type.mgCaffeinePerServing, onDate: now.addingTimeInterval(-minutesAgo * 60))
    case .otherDeviceAddsSample(let mg, let minutesAgo, let id):
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: mg, date: now.addingTimeInterval(-minutesAgo * 60), uuid: id)
    case .userDeletesSample(let id):
      platform.healthStore.deleteSample(uuid: id)
    case .userDeletesNewestAppSample:
      let store = platform.healthStore
      guard let newest = store.samples.last(where: { $0.source == store.appSource }) else {
        throw ScenarioStepError(step: step, problem: "the health store holds no sample of the app")
      }
      store.deleteSample(uuid: newest.uuid)
    case .setHealthFailure(let failure, let failing):
      platform.healthStore.configure { failure.apply(failing: failing, to: &$0) }
    case .syncHealth:
      platform.runtime.resume()
      driver.loadNewDataFromHealthKit(completion: answers.healthLoad.slot())
    case .requestAuthorization:
      platform.runtime.resume()
      driver.requestAuthorization(completion: answers.authorization.slot())
    case .setApplicationState(let state):
      platform.runtime.setApplicationState(state)
    case .backgroundRefresh:
      platform.runtime.deliverBackgroundRefresh()
    case .advanceClock(let minutes):
      platform.clock.advance(by: minutes * 60)
    case .relaunch:
      platform.runtime.resume()
      return variant.launch(platform)
    }
    return driver
  }
}
