/// The errors the simulated health store reports.
public enum HealthStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  case healthDataUnavailable
  case authorizationFailed
  case queryFailed
  case saveFailed

  public var description: String {
    switch self {
    case .healthDataUnavailable: "Health data is not available on this device."
    case .authorizationFailed: "The authorization request failed."
    case .queryFailed: "The query failed."
    case .saveFailed: "The sample could not be saved."
    }
  }
}
