/// Whether the app may write caffeine samples.
public enum AuthorizationStatus: Sendable {
  case notDetermined, sharingDenied, sharingAuthorized
}
