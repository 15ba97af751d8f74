// The checks of kata store-08: from a pyramid of completion handlers to straight-line async code.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata08

let suite = CheckSuite()

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

func stages(_ store: HealthStore) -> [WorkoutStage] { store.calls.map(\.stage) }

suite.check("a run with a route goes through the four stages in order") {
  let store = HealthStore()
  try await WorkoutSaver(store: store).saveWorkout(run())
  return .expect(
    stages(store) == WorkoutStage.allCases,
    "the store saw \(stages(store).map(\.rawValue)), expected \(WorkoutStage.allCases.map(\.rawValue))"
  )
}

suite.check("a run without a route skips the route stages") {
  let store = HealthStore()
  try await WorkoutSaver(store: store).saveWorkout(run(withRoute: false))
  return .expect(
    stages(store) == [.saveWorkout, .addSamples],
    "the store saw \(stages(store).map(\.rawValue)) for a run without a route")
}

suite.check("a route of a single location is still saved") {
  // The boundary of "if the route is not empty": one location is a route.
  let store = HealthStore()
  let shortRun = RunWorkout(
    start: start, end: start.addingTimeInterval(60), route: [route[0]], heartRateSamples: samples)
  try await WorkoutSaver(store: store).saveWorkout(shortRun)
  return .expect(
    stages(store) == WorkoutStage.allCases,
    "a run whose route has one location went through \(stages(store).map(\.rawValue)): only "
      + "an empty route skips the route stages")
}

suite.check("a failure at each stage is reported, and nothing after it runs") {
  for failing in WorkoutStage.allCases {
    let store = HealthStore(failingAt: failing)
    do {
      try await WorkoutSaver(store: store).saveWorkout(run())
      return .fail("\(failing.rawValue) failed, but saveWorkout returned normally")
    } catch let error as StageFailed {
      if error.stage != failing {
        return .fail(
          "\(failing.rawValue) failed, but saveWorkout threw the failure of \(error.stage)")
      }
    } catch {
      return .fail("\(failing.rawValue) failed, but saveWorkout threw \(error)")
    }
    let expected = Array(
      WorkoutStage.allCases.prefix(through: WorkoutStage.allCases.firstIndex(of: failing)!))
    if stages(store) != expected {
      return .fail(
        "\(failing.rawValue) failed; the store saw \(stages(store).map(\.rawValue)), expected the "
          + "stages up to it and none after")
    }
  }
  return .pass
}

suite.check("the store's async API is used, not its completion handlers") {
  let store = HealthStore()
  try await WorkoutSaver(store: store).saveWorkout(run())
  let callbacks = store.calls.filter { !$0.isAsync }.map(\.stage.rawValue)
  return .expect(
    callbacks.isEmpty,
    "the async saveWorkout still went through the completion handlers for \(callbacks): call the "
      + "store's async functions one after the other instead of wrapping the pyramid")
}

await suite.run()
