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
    switch entryID {
    case "health-state-on-callback-queues":
      // The health controller's callbacks write isAuthorized and the anchor as they run.
      return ["authorization callback runs", "query callback runs"].contains(event.mark)
    case "overlapping-loads", "reentrant-anchor-across-await":
      // A load reads the anchor just before it issues its query, and the answer says what that
      // anchor let through. (The model's updates after the answers are left out: the replay
      // does not order them against the other answer, so they are not part of its schedule.)
      if event.mark == "calls the health store: query" { return true }
      if case .healthQueryAnswered = event.platformEvent?.kind { return true }
      return false
    default:
      break
    }
    guard let kind = event.platformEvent?.kind else { return false }
    switch (entryID, kind) {
    case ("saved-value-race", .publishedChange),
      ("saved-value-race", .log(_, _, "Saved!")),
      ("saved-value-race", .log(_, _, "The drink list hasn't changed. No need to save.")):
      return true
    case ("blocking-io-on-main", .blockingFileIOOnMainQueue):
      return true
    case ("write-lost-at-suspension", .backgroundTaskCompleted),
      ("write-lost-at-suspension", .fileWriteLostAtSuspension),
      ("write-lost-at-suspension", .fileWritten):
      return true
    case ("authorization-never-answered", .healthAuthorizationRequested):
      return true
    default:
      return false
    }
  }
}
