import CoffeeScenarios
import DeterministicScheduling
import Foundation
import SimulatedPlatform

/// One run of a target under the scheduler, and what it broke.
public struct ExploredRun: Sendable {
  /// One thing the run broke.
  public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of evidence it is.
    public enum Kind: String, Sendable, Hashable {
      /// An expectation of the scenario (or of every scenario) did not hold.
      case expectation
      /// An invariant of the stress did not hold.
      case invariant
      /// Two accesses that the entry's race is made of, with no happens-before edge between
      /// them: a race seen, whether or not its symptom followed.
      case unorderedAccesses = "unordered accesses"
      /// Nothing was ready while the run's story still waited.
      case hang
      /// Work reached the scheduler from a thread it does not run.
      case escape
    }

    public let kind: Kind
    /// The catalog entry the evidence names; nil when nothing ties it to one.
    public let entryID: String?
    /// What broke, in a phrase.
    public let what: String
    public let detail: String

    public var description: String {
      "\(what)" + (entryID.map { " (\($0))" } ?? "") + ": \(detail)"
    }
  }

  public let target: ExplorationTarget
  /// What the scheduler did: the schedule followed, the steps.
  public let record: DeterministicScheduler.Record
  public let findings: [Finding]
  /// The platform's trace of the run.
  public let trace: Trace

  /// How long a job may hold the turn with nothing else happening before the run is given up as
  /// blocked outside the scheduler (a lock, a semaphore, a real sleep, a loop): it names an
  /// escape, it decides no verdict.
  public static let blockingLimit: TimeInterval = 30

  /// Runs `target` once under `policy`. Call it from a thread of its own, never the main queue:
  /// the main lane runs there. `tracksHappensBefore` also looks for unordered accesses.
  public static func run(
    _ target: ExplorationTarget, policy: SchedulingPolicy, tracksHappensBefore: Bool = false
  ) -> ExploredRun {
    let box = RunBox()
    let record = DeterministicScheduler.shared.run(
      policy: policy, tracksHappensBefore: tracksHappensBefore, blockingLimit: blockingLimit
    ) { finish in
      Task { @MainActor in
        do {
          var platform: SimulatedPlatform?
          let outcome = try await ScenarioRunner.run(
            target.scenario, on: target.variant, configure: { platform = $0 },
            pacing: target.pacing,
            onStep: { box.note(step: $0.step, eventCount: platform?.events.count ?? 0) })
          box.set(outcome: outcome, platform: platform!)
        } catch {
          box.set(error: error)
        }
        finish()
      }
    }
    return box.result(target: target, record: record, tracksHappensBefore: tracksHappensBefore)
  }

  /// What the run's root task leaves behind, for the thread that waits for the run.
  private final class RunBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: ScenarioOutcome?
    private var offMainReads: [PublishedChangeRecorder.OffMainRead] = []
    private var trace = Trace(events: [], links: [])
    private var error: (any Error)?
    private var lastStep: Step?
    /// How many events the platform had recorded when the last step had settled: the scenario's
    /// closing relaunch comes after, and the stress's invariants judge the run before it.
    private var eventsBeforeRelaunch = 0

    func note(step: Step, eventCount: Int) {
      lock.withLock {
        lastStep = step
        eventsBeforeRelaunch = eventCount
      }
    }

    func set(outcome: ScenarioOutcome, platform: SimulatedPlatform) {
      lock.withLock {
        self.outcome = outcome
        self.offMainReads = platform.publishedChanges.readsOffMainQueue
        self.trace = platform.tracer.trace
      }
    }

    func set(error: any Error) {
      lock.withLock { self.error = error }
    }

    func result(
      target: ExplorationTarget, record: DeterministicScheduler.Record, tracksHappensBefore: Bool
    ) -> ExploredRun {
      lock.withLock {
        var findings: [Finding] = record.escapes.map {
          Finding(kind: .escape, entryID: nil, what: "work escaped the scheduler", detail: $0)
        }
        if let job = record.blockedOutside {
          findings.append(
            Finding(
              kind: .escape, entryID: nil, what: "a job blocked outside the scheduler",
              detail:
                "\(job) held the turn for \(Int(ExploredRun.blockingLimit)) s without giving it "
                + "back or queueing anything: a lock, a semaphore, a real sleep or a loop the "
                + "scheduler cannot see"))
        } else if record.spinning != nil {
          let site = record.spinSite.first.map { " (\($0))" } ?? ""
          findings.append(
            Finding(
              kind: .hang, entryID: nil, what: "the run spins",
              detail:
                "a task yields in a loop\(site) while nothing else can run, "
                + "\(DeterministicScheduler.spinLimit) turns in a row: what it waits for never "
                + "happens"))
        } else if !record.rootFinished {
          let waiting =
            record.waiting.isEmpty ? "" : "; still set: \(record.waiting.joined(separator: ", "))"
          let after = lastStep.map { "after \"\($0)\"" } ?? "at launch"
          findings.append(
            Finding(
              kind: .hang, entryID: nil, what: "the run hangs",
              detail:
                "nothing was ready while the scenario still waited for the app to settle "
                + "\(after): a continuation never resumed, or a task that never ends\(waiting)"))
        }
        if error is ScenarioStepError, target.stepsInFlight {
          // A step that needs the previous one done (deleting the app's newest sample) cannot
          // be played with the steps in flight: the target does not apply, the app broke nothing.
        } else if let error {
          findings.append(
            Finding(kind: .hang, entryID: nil, what: "the scenario stopped", detail: "\(error)"))
        }
        if let outcome {
          findings += ExploredRun.findings(
            in: outcome, offMainReads: offMainReads,
            ownExpectationsHold: !target.stepsInFlight || outcome.scenario.holdsInEveryOrder,
            eventsBeforeRelaunch: eventsBeforeRelaunch)
          if tracksHappensBefore {
            findings += UnorderedAccesses.find(
              in: trace.events, handingOn: record.blocksThatResumedTasks)
          }
        }
        return ExploredRun(target: target, record: record, findings: findings, trace: trace)
      }
    }
  }

  /// The expectations the scenario broke, and the stress invariants, each named for the catalog
  /// entry its evidence points to.
  /// With the steps in flight, only what holds whatever their order: the expectations of every
  /// scenario and the stress's invariants, and the scenario's own only where it says they hold
  /// in every order (most are written for steps played one after the other: a failure set and
  /// cleared around a sync, say).
  static func findings(
    in outcome: ScenarioOutcome, offMainReads: [PublishedChangeRecorder.OffMainRead],
    ownExpectationsHold: Bool, eventsBeforeRelaunch: Int
  ) -> [Finding] {
    let expectations =
      ownExpectationsHold ? outcome.scenario.allExpectations : Expectation.everyScenario
    var findings: [Finding] = expectations.compactMap { expectation in
      guard let failure = expectation.failure(in: outcome) else { return nil }
      return Finding(
        kind: .expectation, entryID: expectation.brokenBy?.id, what: expectation.summary,
        detail: failure)
    }
    let stressOutcome = StressOutcome(
      snapshot: outcome.final, events: Array(outcome.events.prefix(eventsBeforeRelaunch)),
      offMainReads: offMainReads.filter { $0.eventsBefore <= eventsBeforeRelaunch },
      expectedDrinks: outcome.final.modelDrinks.count,
      unansweredAuthorizationRequests: outcome.authorizationAnswers.count { $0 == nil },
      authorizationCannotSucceed: !outcome.scenario.setup.health.isHealthDataAvailable
        || outcome.scenario.setup.health.failsAuthorization)
    for finding in Stress.check(stressOutcome, seed: 0) {
      findings.append(
        Finding(
          kind: .invariant, entryID: finding.entryID, what: finding.invariant.rawValue,
          detail: finding.detail + (finding.evidence.map { " (\($0))" } ?? "")))
    }
    return findings
  }
}
