import SimulatedPlatform

/// Races seen, not only their effects, as loom reports for its cells: two accesses to one
/// location, at least one a write, made by different jobs of a run with no happens-before edge
/// between them (queued by, following on the same serial lane or actor, resumed by). Such a pair
/// is a data race in that run whether or not the order that breaks the app happened. For an
/// entry that is an order the app must keep rather than a data race, two of its events that
/// nothing orders are "an order nothing guarantees".
public enum UnorderedAccesses {
  /// One finding per entry whose evidence includes an unordered pair.
  public static func find(in events: [TraceEvent], handingOn: Set<Int>) -> [ExploredRun.Finding] {
    RaceCatalog.entries.compactMap { entry in
      switch entry.unorderedEvidence {
      case .none: nil
      case .memory(let accesses): race(entry, accesses, events, handingOn)
      case .ordering(let first, let then): unordered(entry, first, then, events)
      }
    }
  }

  private static func race(
    _ entry: RaceEntry, _ accessesOf: (TraceEvent) -> [MemoryAccess], _ events: [TraceEvent],
    _ handingOn: Set<Int>
  ) -> ExploredRun.Finding? {
    // A callback that only hands its answer to a task makes no access of its own.
    let accesses = events.compactMap { event -> (TraceEvent, [MemoryAccess])? in
      guard event.access != nil, !handsOn(event, handingOn) else { return nil }
      let made = accessesOf(event)
      return made.isEmpty ? nil : (event, made)
    }
    for (index, (first, firstAccesses)) in accesses.enumerated() {
      for (second, secondAccesses) in accesses[(index + 1)...] {
        guard let a = first.access, let b = second.access, a.job != b.job,
          !a.happensBefore(b), !b.happensBefore(a),
          let shared = firstAccesses.first(where: { mine in
            secondAccesses.contains { $0.location == mine.location && ($0.isWrite || mine.isWrite) }
          })
        else { continue }
        return ExploredRun.Finding(
          kind: .unorderedAccesses, entryID: entry.id, what: "a race seen",
          detail:
            "\"\(first.label)\" on \(first.lane) and \"\(second.label)\" on \(second.lane) both "
            + "access \(shared.location), one of them writing: nothing orders them")
      }
    }
    return nil
  }

  private static func unordered(
    _ entry: RaceEntry, _ first: (TraceEvent) -> Bool, _ then: (TraceEvent) -> Bool,
    _ events: [TraceEvent]
  ) -> ExploredRun.Finding? {
    let earlier = events.filter { $0.access != nil && first($0) }
    let later = events.filter { $0.access != nil && then($0) }
    for one in earlier {
      for other in later {
        // Unordered both ways: a write that comes after the completion is another story (a
        // later change), which the symptom, a write lost at suspension, tells.
        guard let a = one.access, let b = other.access, a.job != b.job, !a.happensBefore(b),
          !b.happensBefore(a)
        else { continue }
        return ExploredRun.Finding(
          kind: .unorderedAccesses, entryID: entry.id, what: "an order nothing guarantees",
          detail:
            "\"\(one.label)\" on \(one.lane) must come before \"\(other.label)\" on "
            + "\(other.lane), and nothing orders them")
      }
    }
    return nil
  }

  /// Whether `event` is the platform's mark that it hands a health answer to the app's callback,
  /// and that callback resumed a task: the mark stands for the app's accesses in the callback,
  /// and there are none, the task makes them. After the migration a callback only resumes a
  /// continuation, and the accesses happen on the actor.
  static func handsOn(_ event: TraceEvent, _ handingOn: Set<Int>) -> Bool {
    guard let job = event.access?.job else { return false }
    return event.platformEvent == nil && event.mark.hasSuffix(" callback runs")
      && handingOn.contains(job)
  }
}
