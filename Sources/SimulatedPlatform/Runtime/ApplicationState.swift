/// Whether the app is in front of the user: the stand-in for `WKApplicationState`.
public enum ApplicationState: String, Sendable {
  case active, inactive, background
}
