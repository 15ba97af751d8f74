import SimulatedPlatform

/// Races seen, not only their effects: two accesses that a catalog entry's race is made of,
/// made by different jobs of a run with no happens-before edge between them (queued by,
/// following on the same serial lane or actor, resumed by), as loom reports for its cells. Such
/// a pair is a race in that run whether or not the order that breaks the app happened.
public enum UnorderedAccesses {
  /// One finding per entry whose racing accesses include an unordered pair.
  public static func find(in events: [TraceEvent], handingOn: Set<Int>) -> [ExploredRun.Finding] {
    RaceCatalog.entries.compactMap { entry in
      let accesses = events.filter { $0.access != nil && entry.isRacingAccess($0) }
      for (index, first) in accesses.enumerated() {
        for second in accesses[(index + 1)...] {
          guard let a = first.access, let b = second.access, a.job != b.job,
            !a.happensBefore(b), !b.happensBefore(a),
            !(handsOn(first, handingOn) && handsOn(second, handingOn))
          else { continue }
          return ExploredRun.Finding(
            kind: .unorderedAccesses, entryID: entry.id, what: "a race seen",
            detail:
              "\"\(first.label)\" on \(first.lane) and \"\(second.label)\" on \(second.lane): "
              + "nothing orders them")
        }
      }
      return nil
    }
  }

  /// Whether `event` is the platform's mark that it hands a health answer to the app's callback,
  /// and that callback resumed a task: the mark stands for the app's accesses in the callback,
  /// and there are none, the task makes them. So two such marks alone are no race: after the
  /// migration a callback only resumes a continuation, and the accesses happen on the actor.
  static func handsOn(_ event: TraceEvent, _ handingOn: Set<Int>) -> Bool {
    guard let job = event.access?.job else { return false }
    return event.platformEvent == nil && event.mark.hasSuffix(" callback runs")
      && handingOn.contains(job)
  }
}
