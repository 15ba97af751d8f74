import Foundation

/// A run, as the watch recorded it.
struct RunWorkout: Sendable {
  let start: Date
  let end: Date
  let route: [Location]
  let heartRateSamples: [HeartRateSample]
}

/// Saves runs to the health store.
struct WorkoutSaver: Sendable {
  let store: HealthStore

  /// The completion-handler version: a pyramid of four nested callbacks.
  func saveWorkout(
    _ run: RunWorkout, completion: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    let workout = Workout(start: run.start, end: run.end)
    store.save(workout) { _, error in
      if let error {
        completion(.failure(error))
        return
      }
      store.add(run.heartRateSamples, to: workout) { _, error in
        if let error {
          completion(.failure(error))
          return
        }
        guard !run.route.isEmpty else {
          completion(.success(()))
          return
        }
        store.insertRouteData(run.route) { _, error in
          if let error {
            completion(.failure(error))
            return
          }
          store.finishRoute(with: workout) { _, error in
            if let error {
              completion(.failure(error))
              return
            }
            completion(.success(()))
          }
        }
      }
    }
  }

  /// The same, straight-line: each stage awaits the one before, and the first failure ends the
  /// save with its error.
  func saveWorkout(_ run: RunWorkout) async throws {
    let workout = Workout(start: run.start, end: run.end)
    try await store.save(workout)
    try await store.addSamples(run.heartRateSamples, to: workout)
    // A route is a line: it takes two locations at least.
    if run.route.count > 1 {
      try await store.insertRouteData(run.route)
      try await store.finishRoute(with: workout)
    }
  }
}
