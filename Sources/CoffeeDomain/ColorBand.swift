/// The colour the app uses to show a caffeine dose or a cup count.
public enum ColorBand: String, Sendable, CaseIterable {
  case green, yellow, red

  /// The band for a caffeine dose in milligrams: under 200 green, under 400 yellow, else red.
  public init(mgCaffeine: Double) {
    switch mgCaffeine {
    case ..<200: self = .green
    case ..<400: self = .yellow
    default: self = .red
    }
  }

  /// The band for a number of equivalent cups: under 3 green, under 5 yellow, else red.
  public init(equivalentCups cups: Double) {
    switch cups {
    case ..<3: self = .green
    case ..<5: self = .yellow
    default: self = .red
    }
  }
}
