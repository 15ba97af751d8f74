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
/// handlers (called once, later, on a global queue) and async functions. It logs every call and
/// can fail at one stage.
final class HealthStore: Sendable {
  /// One call the store received.
  struct Call: Sendable, Equatable {
    let stage: WorkoutStage
    /// True for the async API, false for the completion-handler one.
    let isAsync: Bool
  }

  private let failing: WorkoutStage?
  private let log = LockedValue<[Call]>([])

  /// A store that fails at `failing`, or never.
  init(failingAt failing: WorkoutStage? = nil) {
    self.failing = failing
  }

  /// The calls so far, in order.
  var calls: [Call] { log.current }

  private func perform(_ stage: WorkoutStage, isAsync: Bool) -> (any Error)? {
    log.withLock { $0.append(Call(stage: stage, isAsync: isAsync)) }
    return stage == failing ? StageFailed(stage: stage) : nil
  }

  private func later(_ body: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async(execute: body)
  }

  // MARK: Completion handlers

  func save(_ workout: Workout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
    let error = perform(.saveWorkout, isAsync: false)
    later { completion(error == nil, error) }
  }

  func add(
    _ samples: [HeartRateSample], to workout: Workout,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = perform(.addSamples, isAsync: false)
    later { completion(error == nil, error) }
  }

  func insertRouteData(
    _ route: [Location], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = perform(.insertRoute, isAsync: false)
    later { completion(error == nil, error) }
  }

  func finishRoute(
    with workout: Workout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let error = perform(.finishRoute, isAsync: false)
    later { completion(error == nil, error) }
  }

  // MARK: Async

  func save(_ workout: Workout) async throws {
    if let error = perform(.saveWorkout, isAsync: true) { throw error }
  }

  func addSamples(_ samples: [HeartRateSample], to workout: Workout) async throws {
    if let error = perform(.addSamples, isAsync: true) { throw error }
  }

  func insertRouteData(_ route: [Location]) async throws {
    if let error = perform(.insertRoute, isAsync: true) { throw error }
  }

  func finishRoute(with workout: Workout) async throws {
    if let error = perform(.finishRoute, isAsync: true) { throw error }
  }
}
