// The checks of kata store-08: from a pyramid of completion handlers to straight-line async code.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata08

let start = Date(timeIntervalSince1970: 1_640_000_000)
let samples = [HeartRateSample(beatsPerMinute: 142, date: start)]
let route = [
  Location(latitude: 52.23, longitude: 21.01), Location(latitude: 52.24, longitude: 21.0),
]

func run(withRoute: Bool = true) -> RunWorkout {
  RunWorkout(
    start: start, end: start.addingTimeInterval(1800), route: withRoute ? route : [],
    heartRateSamples: samples)
}

func names(_ stages: [WorkoutStage]) -> String {
  stages.isEmpty ? "none" : stages.map(\.rawValue).joined(separator: ", ")
}

// MARK: Explored

/// What one save should do: `stages` one after the other, each started once the one before has
/// ended, and the first failure ending the save.
struct Expected {
  let stages: [WorkoutStage]
  let failing: WorkoutStage?
  let what: String
}

/// What the store's log of starts and ends breaks of `expected`: the first stage that started
/// out of turn (too early, out of order, after a failure, or not at all).
func orderProblems(_ events: [HealthStore.Event], _ expected: Expected) -> [String] {
  var running: WorkoutStage?
  var failed: WorkoutStage?
  var done = 0
  for event in events {
    switch event {
    case .started(let stage):
      if let running {
        return [
          "\(stage.rawValue) started while \(running.rawValue) was still running: a stage must "
            + "start only once the one before it has ended, so that its failure can end the save"
        ]
      }
      if let failed {
        return [
          "\(failed.rawValue) failed, yet \(stage.rawValue) started after it: the first failure "
            + "must end the save"
        ]
      }
      guard done < expected.stages.count, expected.stages[done] == stage else {
        let instead =
          done < expected.stages.count
          ? "where \(expected.stages[done].rawValue) was expected" : "after the last stage"
        return [
          "the store saw \(stage.rawValue) start \(instead): \(expected.what) goes through "
            + "\(names(expected.stages)), in this order"
        ]
      }
      running = stage
    case .ended:
      running = nil
      done += 1
    case .failed(let stage):
      running = nil
      failed = stage
      done += 1
    }
  }
  guard done < expected.stages.count else { return [] }
  return [
    "the store never saw \(expected.stages[done].rawValue): \(expected.what) goes through "
      + "\(names(expected.stages))"
  ]
}

/// The saver's answer to the watch: nil while saveWorkout has not returned.
enum Answer {
  case returned
  case threw(any Error)
}

/// What the answer breaks of `expected`, and whether it came before the store was done.
func answerProblems(
  _ answer: Answer?, eventsAtAnswer: Int, events: [HealthStore.Event], _ expected: Expected
) -> [String] {
  var problems: [String] = []
  switch (answer, expected.failing) {
  case (nil, _):
    return []  // the run reports the hang
  case (.returned, nil):
    break
  case (.returned, let failing?):
    problems.append("\(failing.rawValue) failed, but saveWorkout returned normally")
  case (.threw(let error), nil):
    problems.append("no stage failed, but saveWorkout threw \(error)")
  case (.threw(let error as StageFailed), let failing?) where error.stage == failing:
    break
  case (.threw(let error), let failing?):
    problems.append("\(failing.rawValue) failed, but saveWorkout threw \(error)")
  }
  if eventsAtAnswer < events.count {
    let late = events[eventsAtAnswer...].map { event -> String in
      switch event {
      case .started(let stage): "\(stage.rawValue) started"
      case .ended(let stage): "\(stage.rawValue) ended"
      case .failed(let stage): "\(stage.rawValue) failed"
      }
    }
    problems.append(
      "saveWorkout came back before the store was done: after it, \(late.joined(separator: ", "))"
        + "; await every stage before returning")
  }
  return problems
}

let advice =
  "One `try await` per stage, in the order of the pyramid: each waits for its stage to end "
  + "before the next line starts the next stage, and a stage that throws ends the save there. "
  + "`async let`, a task group or an unstructured `Task` per stage starts stages before the one "
  + "before them has answered."

/// A scenario: the watch saves `run`; the store answers each stage 10 ms after it starts, and
/// fails at `failing`.
/// `judgeCalls` adds what the store's log of calls breaks (the API they came through).
func scenario(
  _ name: String, _ run: RunWorkout, failing: WorkoutStage? = nil, expected: Expected,
  judgeCalls: @escaping @Sendable ([HealthStore.Call]) -> [String] = { _ in [] }
) -> ExplorationScenario {
  let what =
    run.route.isEmpty
    ? "a run without a route" : "a run with a route of \(run.route.count) locations"
  let failure = failing.map { "; \($0.rawValue) fails" } ?? ""
  return ExplorationScenario(
    name,
    summary: "the watch saves \(what); the store answers each stage 10 ms after it starts"
      + failure,
    steps: [
      "watch: saveWorkout(\(what))",
      "health store: each call starts a stage, which ends (or fails) 10 ms later; the scheduler "
        + "may run anything else in between",
      failing.map {
        "then: saveWorkout throws the failure of \($0.rawValue), and the store saw "
          + "\(names(expected.stages)), each started once the one before had ended, and nothing "
          + "after"
      }
        ?? "then: saveWorkout returns once the store has gone through \(names(expected.stages)), "
        + "each started once the one before had ended",
    ],
    advice: advice
  ) { story in
    let store = HealthStore(failingAt: failing, answeringAfter: .milliseconds(10))
    store.observe { story.note($0, inLane: "health store") }
    let answer = LockedValue<(Answer, Int)?>(nil)
    await story.inLane("watch") {
      story.note("saveWorkout(\(what))")
      do {
        try await WorkoutSaver(store: store).saveWorkout(run)
        answer.withLock { $0 = (.returned, store.events.count) }
        story.note("returns")
      } catch {
        answer.withLock { $0 = (.threw(error), store.events.count) }
        story.note("throws \(error)")
      }
    }
    await story.settle()
    let events = store.events
    let (given, eventsAtAnswer) = answer.current ?? (nil, events.count)
    return orderProblems(events, expected)
      + answerProblems(given, eventsAtAnswer: eventsAtAnswer, events: events, expected)
      + judgeCalls(store.calls)
  }
}

/// The stages up to `failing`, which fails.
func stages(through failing: WorkoutStage) -> [WorkoutStage] {
  Array(WorkoutStage.allCases.prefix(through: WorkoutStage.allCases.firstIndex(of: failing)!))
}

let exploration = KataExploration(
  kata: "store-08",
  scenarios: [
    scenario(
      "with-route", run(),
      expected: Expected(
        stages: WorkoutStage.allCases, failing: nil, what: "a run with a route")),
    scenario(
      "without-route", run(withRoute: false),
      expected: Expected(
        stages: [.saveWorkout, .addSamples], failing: nil, what: "a run without a route")),
    // The boundary of "if the route is not empty": one location is a route.
    scenario(
      "one-location-route",
      RunWorkout(
        start: start, end: start.addingTimeInterval(60), route: [route[0]],
        heartRateSamples: samples),
      expected: Expected(
        stages: WorkoutStage.allCases, failing: nil, what: "a run whose route has one location")),
    scenario(
      "async-api", run(),
      expected: Expected(stages: WorkoutStage.allCases, failing: nil, what: "a run with a route"),
      judgeCalls: { calls in
        let callbacks = calls.filter { !$0.isAsync }.map(\.stage)
        guard !callbacks.isEmpty else { return [] }
        return [
          "the async saveWorkout still went through the completion handlers for "
            + "\(names(callbacks)): call the store's async functions one after the other instead "
            + "of wrapping the pyramid"
        ]
      }),
  ]
    + WorkoutStage.allCases.map { failing in
      scenario(
        "\(failing.rawValue)-fails", run(), failing: failing,
        expected: Expected(
          stages: stages(through: failing), failing: failing,
          what: "a save that fails at \(failing.rawValue)"))
    })
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("a run with a route goes through the four stages in order") {
  exploration.outcome(of: "with-route")
}

suite.check("a run without a route skips the route stages") {
  exploration.outcome(of: "without-route")
}

suite.check("a route of a single location is still saved") {
  exploration.outcome(of: "one-location-route")
}

suite.check("a failure at each stage is reported, and nothing after it runs") {
  for failing in WorkoutStage.allCases {
    let outcome = exploration.outcome(of: "\(failing.rawValue)-fails")
    guard outcome == .pass else { return outcome }
  }
  return .pass
}

suite.check("the store's async API is used, not its completion handlers") {
  exploration.outcome(of: "async-api")
}

await suite.run()
