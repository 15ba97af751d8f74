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
  ///   - pacing: whether the app goes still between steps (`.settled`), or the steps' work is in
  ///     flight together (the order is then the scheduler's to explore).
  public static func run(
    _ scenario: Scenario, on variant: Variant,
    configuration: SimulatedPlatform.Configuration = .init(),
    configure: (SimulatedPlatform) -> Void = { _ in },
    pacing: StepPacing = .settled,
    onStep: (ScenarioOutcome.StepRecord) -> Void = { _ in }
  ) async throws -> ScenarioOutcome {
    let platform = try SimulatedPlatform(configuration: configuration)
    try prepare(platform, for: scenario.setup)
    configure(platform)
    let answers = Answers()

    var driver = launch(variant, on: platform, for: scenario.setup)
    try await platform.settle(driver)
    var records = [
      ScenarioOutcome.StepRecord(
        step: .relaunch, snapshot: Snapshot(of: driver, on: platform), now: platform.clock.now)
    ]
    onStep(records[0])

    for (index, step) in scenario.steps.enumerated() {
      driver = try await perform(
        step, on: platform, driver: driver, variant: variant, setup: scenario.setup,
        answers: answers, deferringEvents: pacing != .settled)
      // Without settling, the steps' work is in flight together: `race-lab explore` orders it.
      // A relaunch is a new process: the old one's work cannot go on beside it, so the app
      // settles before one, and after the last step.
      let next = scenario.steps.indices.contains(index + 1) ? scenario.steps[index + 1] : nil
      if pacing == .settled || next == nil || next == .relaunch {
        try await platform.settle(driver)
      }
      let record = ScenarioOutcome.StepRecord(
        step: step, snapshot: Snapshot(of: driver, on: platform), now: platform.clock.now)
      records.append(record)
      onStep(record)
    }
    let now = platform.clock.now

    // Relaunch once more: whatever the app showed must come back from disk.
    driver = launch(variant, on: platform, for: scenario.setup)
    try await platform.settle(driver)
    let afterRelaunch = Snapshot(of: driver, on: platform)

    return ScenarioOutcome(
      scenario: scenario, variant: variant, now: now, steps: records, afterRelaunch: afterRelaunch,
      authorizationAnswers: answers.authorization.all,
      healthLoadAnswers: answers.healthLoad.all,
      drinksAddedWhileHealthAccepted: answers.addedWhileHealthAccepts.withLock { $0 },
      loadsAnsweredBeforeTheirWork: answers.answeredBeforeTheirWork.withLock { $0 },
      events: platform.events.all)
  }

  /// The answers the app gave to requests a scenario made, filled in by completion handlers.
  private final class Answers: Sendable {
    let authorization = AnswerList()
    let healthLoad = AnswerList()
    /// The drinks the user added while the health store took the app's samples.
    let addedWhileHealthAccepts = PlatformLock<[UUID]>([])
    /// The loads that answered success while the model still lacked a sample that was in
    /// Health when they were asked for.
    let answeredBeforeTheirWork = PlatformLock<[ScenarioOutcome.EarlyLoadAnswer]>([])
  }

  /// One kind of answer, in the order the requests were made; nil until answered.
  private final class AnswerList: Sendable {
    private struct State {
      var answers: [Bool?] = []
      /// Who waits for which answer.
      var waiters: [(index: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = PlatformLock(State())

    var all: [Bool?] { state.withLock { $0.answers } }

    /// Makes room for one answer and returns the handler that fills it in.
    func slot() -> @Sendable (Bool) -> Void {
      let index = state.withLock { state in
        state.answers.append(nil)
        return state.answers.count - 1
      }
      return { [self] answer in
        let ready = state.withLock { state in
          state.answers[index] = answer
          let ready = state.waiters.filter { $0.index == index }
          state.waiters.removeAll { $0.index == index }
          return ready
        }
        for waiter in ready { waiter.continuation.resume() }
      }
    }

    /// Returns once the answer at `index` is in (at once if it is, or if no such request was
    /// made: there is nothing to wait for).
    func waitForAnswer(at index: Int) async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = state.withLock { state in
          guard state.answers.indices.contains(index), state.answers[index] == nil else {
            return false
          }
          state.waiters.append((index, continuation))
          return true
        }
        if !waits { continuation.resume() }
      }
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

  /// `steps`, which `together` plays one right after the other: steps of the world outside the
  /// app and actions on it only (a relaunch or a wait has no "at once").
  private nonisolated static func playableTogether(_ steps: [Step]) -> [Step] {
    precondition(
      steps.allSatisfy { $0.isOutsideTheApp || $0.isActionOnTheApp },
      "together takes steps of the world outside the app and actions on it only")
    return steps
  }

  /// Launches `variant`'s app, in the foreground where `setup` says every launch is the user's.
  private static func launch(
    _ variant: Variant, on platform: SimulatedPlatform, for setup: Scenario.Setup
  ) -> any CoffeeTrackerDriver {
    // A launch is a new process, which runs: whatever suspended the last one.
    platform.runtime.resume()
    guard setup.launchesInForeground else { return variant.launch(platform) }
    platform.runtime.prepareLaunch(in: .inactive)
    let driver = variant.launch(platform)
    platform.runtime.setApplicationState(.active)
    return driver
  }

  private static func perform(
    _ step: Step, on platform: SimulatedPlatform, driver: any CoffeeTrackerDriver, variant: Variant,
    setup: Scenario.Setup, answers: Answers, deferringEvents: Bool
  ) async throws -> any CoffeeTrackerDriver {
    let now = platform.clock.now
    switch step {
    case .meanwhile(let event):
      // Dated from now, whenever it happens; the user's actions on the main queue, as the UI's.
      let outside = event.isOutsideTheApp
      let actOnApp: @MainActor @Sendable (Step) -> Void = { step in
        act(step, on: platform, driver: driver, answers: answers)
      }
      let parts = if case .together(let steps) = event { playableTogether(steps) } else { [event] }
      let happen: @Sendable () -> Void = {
        for part in parts {
          if part.isOutsideTheApp {
            happenOutsideTheApp(part, on: platform, now: now)
          } else {
            MainActor.assumeIsolated { actOnApp(part) }
          }
        }
      }
      let deferred =
        deferringEvents
        && platform.meanwhile(event.description, onMainQueue: !outside, happen)
      if !deferred { happen() }
    case .together(let steps):
      for step in playableTogether(steps) {
        _ = try await perform(
          step, on: platform, driver: driver, variant: variant, setup: setup, answers: answers,
          deferringEvents: deferringEvents)
      }
    case .waitForLoad(let number):
      await answers.healthLoad.waitForAnswer(at: number - 1)
    case .addDrink, .syncHealth, .requestAuthorization, .setApplicationState, .backgroundRefresh:
      act(step, on: platform, driver: driver, answers: answers)
    case .otherDeviceAddsSample, .userDeletesSample, .setHealthFailure, .failNextFileWrite:
      happenOutsideTheApp(step, on: platform, now: now)
    case .userDeletesNewestAppSample:
      let store = platform.healthStore
      guard let newest = store.samples.last(where: { $0.source == store.appSource }) else {
        throw ScenarioStepError(step: step, problem: "the health store holds no sample of the app")
      }
      store.deleteSample(uuid: newest.uuid)
    case .advanceClock(let minutes):
      platform.clock.advance(by: minutes * 60)
    case .relaunch:
      return launch(variant, on: platform, for: setup)
    }
    return driver
  }

  /// Plays a step that is the user's or the system's action on the app, on the main queue.
  private static func act(
    _ step: Step, on platform: SimulatedPlatform, driver: any CoffeeTrackerDriver,
    answers: Answers
  ) {
    let now = platform.clock.now
    switch step {
    case .addDrink(let type, let minutesAgo):
      platform.runtime.resume()
      // Whether Health takes the app's samples now, as the app itself asks (the store's status,
      // not a flag of the app's): then the drink must reach it.
      let store = platform.healthStore
      let accepts =
        store.isHealthDataAvailable && store.authorizationStatus() == .sharingAuthorized
        && !store.behaviour.failsSaves
      let listed = Set(driver.currentDrinks.map(\.uuid))
      driver.addDrink(
        mgCaffeine: type.mgCaffeinePerServing, onDate: now.addingTimeInterval(-minutesAgo * 60))
      if accepts {
        let added = driver.currentDrinks.map(\.uuid).filter { !listed.contains($0) }
        answers.addedWhileHealthAccepts.withLock { $0 += added }
      }
    case .syncHealth:
      platform.runtime.resume()
      let number = answers.healthLoad.all.count + 1
      let answer = answers.healthLoad.slot()
      let asked = samplesALoadMustBring(on: platform, now: now)
      // A success is a promise that the model holds what Health held when the load was asked
      // for. Judged where the answer comes on the main queue, where the model can be read at
      // that moment (every variant whose driver answers from a task on the main actor).
      let judge: @MainActor @Sendable () -> Void = {
        let stillInHealth = Set(platform.healthStore.samples.map(\.uuid))
        let listed = Set(driver.currentDrinks.map(\.uuid))
        let missing = asked.filter { stillInHealth.contains($0.uuid) && !listed.contains($0.uuid) }
        guard !missing.isEmpty else { return }
        let early = ScenarioOutcome.EarlyLoadAnswer(load: number, missing: missing)
        answers.answeredBeforeTheirWork.withLock { $0.append(early) }
      }
      driver.loadNewDataFromHealthKit { succeeded in
        if succeeded, ExecutionContext.isOnMainQueue { MainActor.assumeIsolated { judge() } }
        answer(succeeded)
      }
    case .requestAuthorization:
      platform.runtime.resume()
      driver.requestAuthorization(completion: answers.authorization.slot())
    case .setApplicationState(let state):
      platform.runtime.setApplicationState(state)
    case .backgroundRefresh:
      platform.runtime.deliverBackgroundRefresh()
    default:
      preconditionFailure("\(step) is no action on the app that happens at once")
    }
  }

  /// The samples another device had added by `now` that a load asked for then must bring: the
  /// ones the app's query asks for, dated within the last 24 hours and not ahead of now (an
  /// hour's margin inside the window, for a load that runs a little later), and none unless the
  /// user has let the app read them (HealthKit hides the others' data otherwise).
  private static func samplesALoadMustBring(on platform: SimulatedPlatform, now: Date)
    -> [CaffeineSample]
  {
    let store = platform.healthStore
    guard store.authorizationStatus() == .sharingAuthorized else { return [] }
    return store.samples.filter {
      let age = now.timeIntervalSince($0.date)
      return $0.source == store.otherDeviceSource && age >= 0 && age < 23 * 60 * 60
    }
  }

  /// Plays a step of the world outside the app: another device, the user in the Health app, the
  /// store's and the disk's failures. Other steps are the app's, and `meanwhile` does not take them.
  private nonisolated static func happenOutsideTheApp(
    _ step: Step, on platform: SimulatedPlatform, now: Date
  ) {
    switch step {
    case .otherDeviceAddsSample(let mg, let minutesAgo, let id):
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: mg, date: now.addingTimeInterval(-minutesAgo * 60), uuid: id)
    case .userDeletesSample(let id):
      platform.healthStore.deleteSample(uuid: id)
    case .setHealthFailure(let failure, let failing):
      platform.healthStore.configure { failure.apply(failing: failing, to: &$0) }
    case .failNextFileWrite:
      platform.documents.failNextWrite()
    default:
      preconditionFailure("\(step) is the app's, not something that happens outside it")
    }
  }
}
