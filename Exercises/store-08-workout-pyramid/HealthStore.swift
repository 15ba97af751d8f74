import Foundation
import KataSupport

/// A point of a run's route.
struct Location: Sendable, Equatable {
  let latitude: Double
  let longitude: Double
}

/// A heart-rate measurement.
struct HeartRateSample: Sendable, Equatable {
  let beatsPerMinute: Double
  let date: Date
}

/// A workout as the health store keeps it.
struct Workout: Sendable, Equatable {
  let start: Date
  let end: Date
}

/// The stages of saving a run, in order.
enum WorkoutStage: String, Sendable, CaseIterable {
  case saveWorkout, addSamples, insertRoute, finishRoute
}

/// The error a stage fails with in this simulation.
struct StageFailed: Error, Equatable {
  let stage: WorkoutStage
}

/// A stand-in for HealthKit's store and route builder, with both of their APIs: completion
/// handlers (called once, later, from a task of the store's own) and async functions. Like a real
/// store, it answers later: each call starts a stage, the store works on it (for `latency`, or
/// while other tasks get a turn), then the stage ends, or fails. It logs every call and every
/// start and end, and can fail at one stage.
final class HealthStore: Sendable {
  /// One call the store received.
  struct Call: Sendable, Equatable {
    let stage: WorkoutStage
    /// True for the async API, false for the completion-handler one.
    let isAsync: Bool
  }

  /// What the store did, in order.
  enum Event: Sendable, Equatable {
    case started(WorkoutStage)
    case ended(WorkoutStage)
    case failed(WorkoutStage)
  }

  private struct Log {
    var calls: [Call] = []
    var events: [Event] = []
    var observer: (@Sendable (String) -> Void)?
  }

  private let failing: WorkoutStage?
  private let latency: Duration?
  private let log = LockedValue(Log())

  /// A store that fails at `failing`, or never, and takes `latency` to answer each call (without
  /// one, it answers once other tasks have had a turn).
  init(failingAt failing: WorkoutStage? = nil, answeringAfter latency: Duration? = nil) {
    self.failing = failing
    self.latency = latency
  }

  /// The calls so far, in order.
  var calls: [Call] { log.current.calls }

  /// Every stage's start and end so far, in order.
  var events: [Event] { log.current.events }

  /// Tells `observer` what the store does, as it happens ("addSamples starts", "addSamples
  /// ends"): for a check that draws the story of a save.
  func observe(_ observer: @escaping @Sendable (String) -> Void) {
    log.withLock { $0.observer = observer }
  }

  private func start(_ stage: WorkoutStage, isAsync: Bool) {
    let observer = log.withLock {
      $0.calls.append(Call(stage: stage, isAsync: isAsync))
      $0.events.append(.started(stage))
      return $0.observer
    }
    observer?("\(stage.rawValue) starts")
  }

  /// Works on `stage`, then ends it: its error if it fails.
  private func answer(_ stage: WorkoutStage) async -> (any Error)? {
    if let latency {
      try? await Task.sleep(for: latency)
    } else {
      await Task.yield()
    }
    let error = stage == failing ? StageFailed(stage: stage) : nil
    let observer = log.withLock {
      $0.events.append(error == nil ? .ended(stage) : .failed(stage))
      return $0.observer
    }
    observer?("\(stage.rawValue) \(error == nil ? "ends" : "fails")")
    return error
  }

  private func perform(
    _ stage: WorkoutStage, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    start(stage, isAsync: false)
    Task {
      let error = await answer(stage)
      completion(error == nil, error)
    }
  }

  private func perform(_ stage: WorkoutStage) async throws {
    start(stage, isAsync: true)
    if let error = await answer(stage) { throw error }
  }

  // MARK: Completion handlers

  func save(_ workout: Workout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
    perform(.saveWorkout, completion: completion)
  }

  func add(
    _ samples: [HeartRateSample], to workout: Workout,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    perform(.addSamples, completion: completion)
  }

  func insertRouteData(
    _ route: [Location], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    perform(.insertRoute, completion: completion)
  }

  func finishRoute(
    with workout: Workout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    perform(.finishRoute, completion: completion)
  }

  // MARK: Async

  func save(_ workout: Workout) async throws {
    try await perform(.saveWorkout)
  }

  func addSamples(_ samples: [HeartRateSample], to workout: Workout) async throws {
    try await perform(.addSamples)
  }

  func insertRouteData(_ route: [Location]) async throws {
    try await perform(.insertRoute)
  }

  func finishRoute(with workout: Workout) async throws {
    try await perform(.finishRoute)
  }
}
