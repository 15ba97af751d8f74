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
    try await stage { store.save(workout, completion: $0) }
    try await stage { store.add(run.heartRateSamples, to: workout, completion: $0) }
    if !run.route.isEmpty {
      try await stage { store.insertRouteData(run.route, completion: $0) }
      try await stage { store.finishRoute(with: workout, completion: $0) }
    }
  }

  /// One completion-handler stage as an async call: straight-line code, one stage at a time.
  private func stage(
    _ start: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void
  ) async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      start { _, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume()
        }
      }
    }
  }
}
