import SimulatedPlatform

/// Which events of a trace are the racing accesses of a catalog entry: the steps whose order
/// decides whether the symptom appears. Lane diagrams mark them.
///
/// The platform sees the app's accesses through what they leave behind: a published property
/// written, a log line written right after a shared variable was (`Saved!` follows the write of
/// `savedValue`), a query answered, a write lost.
public enum RacingAccesses {
  /// Whether `event` is one of the racing accesses of the entry `entryID`.
  public static func isRacing(_ event: TraceEvent, entry entryID: String) -> Bool {
    // The health controller's callbacks write isAuthorized and the anchor as they run.
    if entryID == "health-state-on-callback-queues" {
      return ["authorization callback runs", "query callback runs"].contains(event.mark)
    }
    guard let kind = event.platformEvent?.kind else { return false }
    switch (entryID, kind) {
    case ("saved-value-race", .publishedChange),
      ("saved-value-race", .log(_, _, "Saved!")),
      ("saved-value-race", .log(_, _, "The drink list hasn't changed. No need to save.")):
      return true
    case ("overlapping-loads", .healthQueryAnswered),
      ("overlapping-loads", .publishedChange),
      ("reentrant-anchor-across-await", .healthQueryAnswered),
      ("reentrant-anchor-across-await", .publishedChange):
      return true
    case ("blocking-io-on-main", .blockingFileIOOnMainQueue):
      return true
    case ("write-lost-at-suspension", .backgroundTaskCompleted),
      ("write-lost-at-suspension", .fileWriteLostAtSuspension),
      ("write-lost-at-suspension", .fileWritten):
      return true
    case ("authorization-never-answered", .healthAuthorizationRequested):
      return true
    case ("complication-isolation-hole", .complicationTimelineProvided),
      ("complication-isolation-hole", .publishedChange):
      return true
    default:
      return false
    }
  }
}
