/// The health store callbacks the platform delivers.
public enum HealthCallbackKind: String, Hashable, Sendable {
  case authorization, save, query
}
