import CoffeeScenarios
import SimulatedPlatform

/// One concurrency defect of the before variant, as the race lab teaches it: the one value that
/// says everything about it. Its docs (`race-lab docs`), its forced replay, its ThreadSanitizer
/// schedule, what the stress checks to catch it, how the behaviour suite explains the
/// expectations it breaks, and the lab book's lesson are all read from here.
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
    /// `race-lab explore`: the deterministic scheduler's bounded search over the behaviour
    /// suite's scenarios (the entry carries the schedule it found, `explored`).
    case exploration = "explore"

    public static func < (lhs: Detector, rhs: Detector) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// The entry's name, which scenarios use to declare that they show it.
  public let knownBug: KnownBug
  /// A short identifier, such as `saved-value-race`.
  public var id: String { knownBug.id }
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
  /// How the after variant removes it.
  public let afterFix: String
  /// The talk passage it relates to.
  public let talkPassage: String
  /// Whether the Swift 6 compiler's concurrency checking reports it in the before variant
  /// (`make diagnose` checks the claim).
  public let compilerDiagnoses: Bool
  /// The deterministic replay that forces the interleaving; nil when there is none.
  public let replay: ReplaySchedule?
  /// The schedule that shows the racing accesses to ThreadSanitizer, run in a binary built with
  /// `--sanitize=thread`; nil when ThreadSanitizer is not claimed to catch it.
  public let threadSanitizerSchedule: ReplaySchedule.Run?
  /// The schedule of a scenario in which the scheduler shows it; nil when the before variant's
  /// scenarios cannot (the entry lives in code the catalog carries for it).
  public let explored: ExploredSchedule?
  /// What a stress iteration checks to say that this defect happened.
  public let stressInvariants: [StressInvariant]
  /// Why the before variant fails the behaviour suite's expectations that name this bug
  /// (`Expectation.brokenBy`); nil when no expectation does.
  public let failureExplanation: String?
  /// Whether an event of a trace is one of its racing accesses: the steps whose order decides
  /// whether the symptom appears. Lane diagrams mark them. The platform sees the app's accesses
  /// through what they leave behind: a published property written, a log line written right
  /// after a shared variable was, a query answered, a write lost.
  public let isRacingAccess: @Sendable (TraceEvent) -> Bool
  /// What two unordered events of a run are evidence of (`UnorderedAccesses`): a data race on a
  /// location, an order the app must keep, or nothing.
  public let unorderedEvidence: UnorderedEvidence
  /// The racing lines of code in each variant and the exercise that removes the defect.
  public let lesson: RaceLesson

  public init(
    _ knownBug: KnownBug, title: String, location: String, symbols: [String],
    interleaving: String, symptom: String, afterFix: String, talkPassage: String,
    compilerDiagnoses: Bool = false, replay: ReplaySchedule? = nil,
    explored: ExploredSchedule? = nil,
    threadSanitizerSchedule: ReplaySchedule.Run? = nil, stressInvariants: [StressInvariant] = [],
    failureExplanation: String? = nil,
    isRacingAccess: @escaping @Sendable (TraceEvent) -> Bool,
    unorderedEvidence: UnorderedEvidence = .none, lesson: RaceLesson
  ) {
    self.knownBug = knownBug
    self.title = title
    self.location = location
    self.symbols = symbols
    self.interleaving = interleaving
    self.symptom = symptom
    self.afterFix = afterFix
    self.talkPassage = talkPassage
    self.compilerDiagnoses = compilerDiagnoses
    self.replay = replay
    self.explored = explored
    self.threadSanitizerSchedule = threadSanitizerSchedule
    self.stressInvariants = stressInvariants
    self.failureExplanation = failureExplanation
    self.isRacingAccess = isRacingAccess
    self.unorderedEvidence = unorderedEvidence
    self.lesson = lesson
  }

  /// The detectors that catch it on the before variant: those the entry carries a way to run,
  /// and the compiler when it diagnoses it.
  public var detectors: Set<Detector> {
    var detectors: Set<Detector> = []
    if replay != nil { detectors.insert(.replay) }
    if !stressInvariants.isEmpty { detectors.insert(.stress) }
    if threadSanitizerSchedule != nil { detectors.insert(.threadSanitizer) }
    if compilerDiagnoses { detectors.insert(.compiler) }
    if explored != nil { detectors.insert(.exploration) }
    return detectors
  }

  public var description: String { id }

  public static func == (lhs: RaceEntry, rhs: RaceEntry) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
