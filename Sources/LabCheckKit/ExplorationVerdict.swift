import CheckReporting

/// What the exploring child found for one group of scenarios, and the check outcome it makes.
public struct ExplorationVerdict: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Every schedule explored kept every rule.
    case passed = "PASS"
    /// A schedule broke a rule; the report says which, and how to replay it.
    case finding = "FINDING"
    /// The schedule asked for (`--schedule`) breaks nothing now.
    case replayPassed = "REPLAY-PASSED"
    /// The schedule asked for (`--schedule`) names nothing this check explores.
    case badReplay = "BAD-REPLAY"
    /// This run replays a schedule of another group.
    case notExplored = "NOT-EXPLORED"
    /// The toolchain or the OS has no custom executor interface.
    case unavailable = "UNAVAILABLE"
    /// The exploring process ended without a verdict.
    case crashed = "CRASHED"
  }

  public var kind: Kind
  /// How many schedules ran: all of them, or those up to the one that broke a rule.
  public var schedules: Int
  /// What a learner reads under the check's line.
  public var report: [String]
  /// Where a finding comes in the order the whole exploration runs schedules in
  /// (`ScheduleSearch.Report.findingPosition`, led by the phase: 0 for the bounded search, 1
  /// for the seeded runs): of the findings of several exploring processes, each over part of
  /// the scenarios, the check reports the one with the least, the one a single process would
  /// have met first.
  public var rank: [Int]?

  public init(_ kind: Kind, schedules: Int = 0, report: [String] = [], rank: [Int]? = nil) {
    self.kind = kind
    self.schedules = schedules
    self.report = report
    self.rank = rank
  }

  /// The check's outcome. `replayExample` is a `--schedule` argument this check takes, shown
  /// when one it was given names nothing.
  @MainActor public func outcome(replayExample: String) -> CheckOutcome {
    switch kind {
    case .passed:
      return .pass
    case .unavailable:
      // A toolchain or OS without the executor interface: the step's other checks still judge.
      CheckSuite.note(
        "not explored: this toolchain or OS has no custom executor interface (Swift 6.3's "
          + "ExecutorFactory); the other checks still judge your code")
      return .pass
    case .notExplored:
      CheckSuite.note("not explored: this run replays one schedule of another check")
      return .pass
    case .replayPassed:
      // A replay is deterministic: code that passes it now has stopped breaking that schedule.
      CheckSuite.note("the replayed schedule breaks nothing in your code now:")
      for line in report { CheckSuite.note(line) }
      return .pass
    case .badReplay:
      return .fail(
        "--schedule takes SCENARIO@SCHEDULE as a failure prints it, such as \(replayExample); got "
          + (report.first ?? ""))
    case .crashed:
      return .fail(report.joined(separator: "\n"))
    case .finding:
      return .fail(
        "After \(Wording.count(schedules, "explored schedule")), one broke a rule of the app:\n"
          + report.joined(separator: "\n"))
    }
  }
}
