/// The stress iteration with which `make race` and `make bench` measure detection power.
///
/// Two entries are bounded by what an iteration's actions set up, not by the order of its
/// threads: `write-lost-at-suspension` needs a background refresh that brings new drinks while
/// the app is inactive, and once that happens the write is lost in nearly every iteration
/// (47 of the 48 iterations that set it up, of 300 with 12 actions, under either scheduler);
/// `saved-value-race` needs a second change of the drink list while the first one's save is in
/// flight. Their per-iteration rates grow with the number of actions an iteration fires, as
/// every entry's do. The measurement fires twice the stress's default, and says so: the rates
/// it prints are per iteration of this length, and an iteration takes about twice as long.
public enum DetectionPowerSettings {
  /// Actions per iteration.
  public static let actionsPerIteration = 24
  /// PCT as measured: depth 2, its change point spread over about the steps such an
  /// iteration takes (`race-lab stress --actions 24 --scheduler pct` prints the largest k).
  public static let pct = Stress.Scheduler.pct(depth: 2, expectedSteps: 110)
}
