/// A known bug of the before variant: the name of one entry of the race catalog (`RaceCatalog`
/// in the RaceLab module), which describes the bug, replays it, says what the stress checks to
/// catch it, and explains the expectations it breaks.
///
/// A scenario lists the bugs it shows (`Scenario.knownBeforeBugs`), and an expectation names the
/// bug that breaks it (`Expectation.brokenBy`): that expectation is then expected to fail on the
/// before variant and must hold on the after one (`Expectation.verdict(in:)`). The names live
/// here, below the race lab, because the scenarios must name bugs and the race lab runs scenarios.
public struct KnownBug: Hashable, Sendable, CustomStringConvertible {
  /// The catalog entry's identifier, such as `blocking-io-on-main`.
  public let id: String

  private init(_ id: String) {
    self.id = id
  }

  public var description: String { id }

  // One name per catalog entry, in the catalog's order: each entry (`RaceCatalog.<same name>`) is
  // built from its name and says what the bug is. A test checks that every name a scenario uses
  // belongs to an entry that explains the failure.
  public static let savedValueRace = KnownBug("saved-value-race")
  public static let healthStateOnCallbackQueues = KnownBug("health-state-on-callback-queues")
  public static let overlappingLoads = KnownBug("overlapping-loads")
  public static let blockingIOOnMainQueue = KnownBug("blocking-io-on-main")
  public static let writeLostAtSuspension = KnownBug("write-lost-at-suspension")
  public static let authorizationNeverAnswered = KnownBug("authorization-never-answered")
  public static let reentrantAnchorAcrossAwait = KnownBug("reentrant-anchor-across-await")
  public static let nonsendingIOOnMain = KnownBug("nonsending-io-on-main")
}
