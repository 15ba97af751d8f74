/// The stress iteration with which `make race` and `make bench` measure detection power.
///
/// Two entries are bounded by what an iteration's actions set up, not by the order of its
/// threads: `write-lost-at-suspension` needs a background refresh that brings new drinks while
/// the app is inactive, and once that happens the write is lost in nearly every iteration
/// (47 of the 48 iterations that set it up, in 300 iterations of 12 actions);
/// `saved-value-race` needs a second change of the drink list while the first one's save is in
/// flight. Their per-iteration rates grow with the number of actions an iteration fires, as
/// most entries' do (not authorization-never-answered's, drawn once per iteration). The measurement fires 32 actions, the stress's default 12, and says so:
/// the rates it prints are per iteration of this length (at 24 actions write-lost-at-suspension
/// sits at 19 to 23%, too close to the 20% to rest on), and such an iteration takes
/// about two and a half times as long.
public enum DetectionPowerSettings {
  /// Actions per iteration.
  public static let actionsPerIteration = 32
  /// PCT as measured: depth 2, its change point spread over about the steps such an
  /// iteration takes (`race-lab stress --actions 32 --scheduler pct` prints the largest k).
  public static let pct = Stress.Scheduler.pct(depth: 2, expectedSteps: 140)
}
