/// The errors the simulated health store reports.
public enum HealthStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  case healthDataUnavailable
  case authorizationFailed
  /// A query made before the app has asked for authorization, or while no request has been
  /// answered (`HKError.Code.errorAuthorizationNotDetermined`).
  case authorizationNotDetermined
  case queryFailed
  case saveFailed

  public var description: String {
    switch self {
    case .healthDataUnavailable: "Health data is not available on this device."
    case .authorizationFailed: "The authorization request failed."
    case .authorizationNotDetermined: "The app has not been authorized to use Health data yet."
    case .queryFailed: "The query failed."
    case .saveFailed: "The sample could not be saved."
    }
  }
}
