/// One concurrency defect of the before variant, as the race lab teaches it.
public struct RaceEntry: Sendable, Identifiable, Hashable, CustomStringConvertible {
  /// The tools that can catch a defect.
  public enum Detector: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A test that forces the bad interleaving through the platform's checkpoints.
    case replay
    /// Seeded random runs with jittered latencies and concurrent drivers.
    case stress
    /// ThreadSanitizer (`swift build --sanitize=thread`) running the entry's forced schedule
    /// (`Replay.runForThreadSanitizer`); the stress under it gives a detection rate besides.
    case threadSanitizer = "tsan"
    /// The Swift 6 compiler's concurrency checking.
    case compiler

    public static func < (lhs: Detector, rhs: Detector) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// A short identifier, such as `saved-value-race`.
  public let id: String
  public let title: String
  /// Where the defect lives: file and symbol.
  public let location: String
  /// Names that appear in ThreadSanitizer's stacks or the compiler's diagnostics for this
  /// defect; they map a report to the entry.
  public let symbols: [String]
  /// The order of events that triggers it.
  public let interleaving: String
  /// What a user or a test sees when it happens.
  public let symptom: String
  /// The detectors that catch it on the before variant.
  public let detectors: Set<Detector>
  /// How the after variant removes it.
  public let afterFix: String
  /// The talk passage it relates to.
  public let talkPassage: String

  public var description: String { id }
}
