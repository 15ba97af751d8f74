import SimulatedPlatform

/// "Each health query starts from the anchor the previous answer returned", read from the
/// platform's records: the health store records, for every answered query, the anchor it was
/// started with and the anchor its answer returned.
///
/// Loads that run one after another pass it: each reads the anchor the previous one wrote. Two
/// loads that overlap both start from the same anchor, whether or not the drinks they bring are
/// listed twice; a load that writes its anchor after a later one did moves the anchor back, and
/// the next query starts from there. The anchor survives a relaunch (the app keeps it in its
/// defaults), so the chain runs across launches. A failed query returns no anchor, and the next
/// one starts where the last answer left off.
enum QueryAnchorChain {
  /// One answered query: its place in the records, where it started and what it returned.
  struct Answer {
    let sequence: Int
    let from: QueryAnchor?
    let to: QueryAnchor
  }

  /// The answered queries in `events`, in the order the store answered them.
  static func answers(in events: [PlatformEvent]) -> [Answer] {
    events.compactMap { event in
      guard case .healthQueryAnswered(_, _, let from, let to) = event.kind else { return nil }
      return Answer(sequence: event.sequence, from: from, to: to)
    }
  }

  /// Nil when every answered query started from the anchor the answer before it returned (the
  /// first from none); otherwise the first one that did not, in the domain's words.
  static func breach(in events: [PlatformEvent]) -> String? {
    var previous: Answer?
    for answer in answers(in: events) {
      if answer.from != previous?.to {
        let expected = previous.map { "\($0.to), which the answer before it returned" }
        return "a health query started from \(answer.from.map { "\($0)" } ?? "no anchor"), "
          + "not from \(expected ?? "no anchor, as the first query does")"
      }
      previous = answer
    }
    return nil
  }

  /// Evidence of overlapping loads: a query that started from the same anchor as an earlier one,
  /// after that earlier answer had moved the anchor on. Both were issued before the earlier
  /// answer reached the app. (Two queries in a row from one anchor are fine when the first
  /// answer found nothing new: it returned the anchor it started from.)
  @Sendable static func sharedStart(in outcome: StressOutcome) -> String? {
    var movedOn: Set<QueryAnchor?> = []
    for answer in answers(in: outcome.events) {
      if movedOn.contains(answer.from) {
        return "two health queries started from \(answer.from.map { "\($0)" } ?? "no anchor"), "
          + "and the first one's answer had moved the anchor on"
      }
      if answer.to != answer.from { movedOn.insert(answer.from) }
    }
    return nil
  }
}
