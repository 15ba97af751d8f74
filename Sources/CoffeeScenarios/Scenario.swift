import CoffeeDomain
import Foundation
import SimulatedPlatform

/// A scripted stretch of a day with the Coffee Tracker: what the watch holds before launch,
/// what happens, and what must be true at the end, on every variant.
public struct Scenario: Sendable, Identifiable, CustomStringConvertible {
  /// What the watch holds before the app first launches.
  public struct Setup: Sendable {
    /// The health store's behaviour (availability, authorization, failures).
    public var health = HealthStore.Behaviour()
    /// The data file left by an earlier run, if any.
    public var savedFile: SavedFile?
    /// Samples other devices wrote before launch.
    public var existingSamples: [Step] = []
    /// Whether every launch is the user's, in the foreground, as on a watch: WatchKit calls
    /// `applicationDidFinishLaunching()`, then, as the app goes from inactive to active,
    /// `applicationDidBecomeActive()` ("A newly launched watchOS app starts in the inactive state
    /// and then quickly transitions to the active state": Apple, WKApplicationState.inactive).
    /// So the model's own launch load and the delegate's meet at every launch. False keeps the
    /// older scenarios' shortcut: the app starts active and is never told.
    public var launchesInForeground = false

    public init() {}
  }

  /// A data file left by an earlier run.
  public enum SavedFile: Sendable {
    /// Drinks with this much caffeine, dated this many minutes before now (negative: future).
    case drinks([(mg: Double, minutesAgo: Double)])
    /// Bytes that are not a property list of drinks.
    case corrupt(Data)
  }

  /// A short identifier, such as `add-drink-active`.
  public let id: String
  /// One sentence on what the scenario shows.
  public let summary: String
  public let setup: Setup
  public let steps: [Step]
  /// What must hold at the end, besides the expectations every scenario checks.
  public let expectations: [Expectation]
  /// Bugs of the before variant that this scenario shows; its expectations about them are
  /// known issues on the before variant, and must hold on the after variant.
  public let knownBeforeBugs: Set<KnownBug>
  /// Whether the scenario's own expectations hold in every order of its steps' work: true for
  /// the interleavings the checks explore, whose end state no order may change.
  public let holdsInEveryOrder: Bool

  public init(
    id: String, summary: String, setup: Setup = Setup(), steps: [Step], expectations: [Expectation],
    knownBeforeBugs: Set<KnownBug> = [], holdsInEveryOrder: Bool = false
  ) {
    self.holdsInEveryOrder = holdsInEveryOrder
    self.id = id
    self.summary = summary
    self.setup = setup
    self.steps = steps
    self.expectations = expectations
    self.knownBeforeBugs = knownBeforeBugs
  }

  /// Every expectation the scenario checks: its own, then the ones every scenario checks.
  public var allExpectations: [Expectation] { expectations + Expectation.everyScenario }

  /// Finds a scenario of the catalog, or of the interleavings, by identifier.
  public static func named(_ id: String) -> Scenario? {
    all.first { $0.id == id } ?? interleavings.first { $0.id == id }
      ?? generatedName(of: id).flatMap { generated(seed: $0.seed, without: $0.dropped) }
  }

  public var description: String { id }
}
