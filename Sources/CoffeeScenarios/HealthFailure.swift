import SimulatedPlatform

/// What a scenario can make the health store fail at, and stop failing at, mid-scenario.
public enum HealthFailure: String, Sendable, Hashable {
  /// Authorization requests fail with an error.
  case authorization = "authorization requests"
  /// Anchored queries fail.
  case queries
  /// Saves fail.
  case saves

  /// Turns this failure on or off in `behaviour`.
  func apply(failing: Bool, to behaviour: inout HealthStore.Behaviour) {
    switch self {
    case .authorization: behaviour.failsAuthorization = failing
    case .queries: behaviour.failsQueries = failing
    case .saves: behaviour.failsSaves = failing
    }
  }
}
