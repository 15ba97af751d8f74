import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// Seeded random runs of the app under jittered latencies, injected failures (authorization
/// errors and denials, unavailable health data, failing queries and saves) and clock jumps,
/// with actions fired without waiting for the app to go still in between, then invariants
/// checked once it has. Expected drinks count only what a failure leaves reachable: another
/// device's samples when the app may read them, every drink the user adds.
@MainActor
public enum Stress {
  /// How much stress to apply.
  public struct Configuration: Sendable {
    /// The seed of the first iteration; iteration `i` uses `seed + i`, and prints it on failure.
    public var seed: UInt64
    /// How many iterations at most.
    public var iterations: Int
    /// How long at most, in seconds: the run stops early, and says so, past this. The budget
    /// decides how many iterations run, never what they find.
    public var timeBudget: TimeInterval
    /// How many iterations run whatever the budget says.
    public var minimumIterations: Int
    /// How many actions each iteration fires.
    public var actionsPerIteration: Int
    /// Who decides which thread goes next at the platform's checkpoints.
    public var scheduler: Scheduler

    public init(
      seed: UInt64 = 1, iterations: Int = 200, timeBudget: TimeInterval = 60,
      minimumIterations: Int = 0, actionsPerIteration: Int = 12, scheduler: Scheduler = .random
    ) {
      self.seed = seed
      self.iterations = iterations
      self.timeBudget = timeBudget
      self.minimumIterations = minimumIterations
      self.actionsPerIteration = actionsPerIteration
      self.scheduler = scheduler
    }
  }

  /// Who decides the order of the threads at the platform's checkpoints.
  public enum Scheduler: Sendable, Hashable, CustomStringConvertible {
    /// Nobody: the operating system, with the seeded jittered latencies.
    case random
    /// A `PCTScheduler` of this depth, seeded with the iteration's seed, its d − 1 change
    /// points spread over `expectedSteps` steps.
    case pct(depth: Int, expectedSteps: Int = PCTScheduler.defaultExpectedSteps)

    public var description: String {
      switch self {
      case .random: "random"
      case .pct(let depth, _): "pct (depth \(depth))"
      }
    }
  }

  /// An invariant the stress checks once the app has gone still.
  public enum Invariant: String, Sendable, CaseIterable, CustomStringConvertible {
    case drinksDuplicated = "drinks-duplicated"
    case queryFromStaleAnchor = "query-from-stale-anchor"
    case drinksLost = "drinks-lost"
    case fileDiffersFromModel = "file-differs-from-model"
    case complicationDiffersFromModel = "complication-differs-from-model"
    case writeLostAtSuspension = "write-lost-at-suspension"
    case authorizationUnanswered = "authorization-unanswered"
    case publishedOffMain = "published-off-main"
    case backgroundTaskNotCompletedOnce = "background-task-not-completed-once"
    case fileIOOnMain = "file-io-on-main"

    public var description: String { rawValue }
  }

  /// One broken invariant in one iteration: named for the invariant, and tied to a catalog
  /// entry only when the platform's records show that entry's interleaving happened.
  public struct Finding: Sendable, CustomStringConvertible {
    /// The invariant the iteration broke.
    public let invariant: Invariant
    /// The catalog entry whose interleaving the platform recorded; nil when nothing recorded
    /// says which defect broke the invariant (then it is a lead, not a diagnosis).
    public let entryID: String?
    /// What in the platform's records ties the finding to `entryID`.
    public let evidence: String?
    /// The seed of the iteration.
    public let seed: UInt64
    public let detail: String

    public var description: String {
      let label = entryID.map { "\(invariant) → \($0)" } ?? "\(invariant)"
      return "[\(label)] seed \(seed): \(detail)" + (evidence.map { " (\($0))" } ?? "")
    }
  }

  /// Whether `--seed N --iterations 1` reproduces a finding: the stress seeds every action,
  /// every latency and every platform delay (per operation, not per draw), but the order in
  /// which threads run is the operating system's, so a finding that rests on a race may or may
  /// not come back. `race-lab stress --confirm K` measures it; the deterministic replay of the
  /// finding's catalog entry forces it every time.
  public nonisolated static let replayCaveat =
    "a seed replays the actions and latencies; the threads' order is the system's, so a "
    + "race may not recur: confirm with --confirm K, force it with `race-lab replay ENTRY`"

  /// What a stress run found.
  public struct Report: Sendable {
    public let variant: String
    public let iterations: Int
    public let elapsed: TimeInterval
    /// Whether the run stopped at its time budget before its iteration count.
    public let stoppedAtTimeBudget: Bool
    public let findings: [Finding]
    /// For each catalog entry found at least once: the iteration (1-based) and the seconds into
    /// the run of its first detection.
    public let firstDetection: [String: (iteration: Int, seconds: TimeInterval)]
    /// The scheduler the run used.
    public let scheduler: Scheduler
    /// How many actions each iteration fired: with the seed and the scheduler, what runs an
    /// iteration again.
    public let actionsPerIteration: Int
    /// Under PCT: the most threads and steps an iteration had, for the bound 1/(n·k^(d−1)),
    /// and how many waits ended at the safety net.
    public let pctMeasure: PCTScheduler.Measure?

    /// PCT's lower bound per iteration for the run's largest n and k; nil without PCT.
    public var pctLowerBound: Double? {
      pctMeasure.map {
        PCTScheduler.lowerBound(threads: $0.threads, steps: $0.steps, depth: $0.depth)
      }
    }

    /// How many iterations showed `entryID`.
    public func detections(of entryID: String) -> Int {
      Set(findings.filter { $0.entryID == entryID }.map(\.seed)).count
    }
  }

  /// Runs the stress on `variant`. `progress` is called after every iteration.
  public static func run(
    on variant: Variant, configuration: Configuration,
    progress: (_ iteration: Int, _ findings: Int) -> Void = { _, _ in }
  ) async throws -> Report {
    let start = Date()
    var findings: [Finding] = []
    var firstDetection: [String: (iteration: Int, seconds: TimeInterval)] = [:]
    var iteration = 0
    var stoppedAtTimeBudget = false
    var pctMeasure: PCTScheduler.Measure?
    while iteration < configuration.iterations {
      if iteration >= configuration.minimumIterations,
        Date().timeIntervalSince(start) > configuration.timeBudget
      {
        stoppedAtTimeBudget = true
        break
      }
      iteration += 1
      let seed = configuration.seed &+ UInt64(iteration - 1)
      let (found, measure) = try await runMeasuredIteration(
        on: variant, seed: seed, actions: configuration.actionsPerIteration,
        scheduler: configuration.scheduler)
      if let measure {
        var largest = pctMeasure ?? measure
        largest.threads = max(largest.threads, measure.threads)
        largest.steps = max(largest.steps, measure.steps)
        if pctMeasure != nil { largest.safetyNetReleases += measure.safetyNetReleases }
        pctMeasure = largest
      }
      for finding in found {
        if let id = finding.entryID, firstDetection[id] == nil {
          firstDetection[id] = (iteration, Date().timeIntervalSince(start))
        }
      }
      findings += found
      progress(iteration, findings.count)
    }
    return Report(
      variant: variant.name, iterations: iteration, elapsed: Date().timeIntervalSince(start),
      stoppedAtTimeBudget: stoppedAtTimeBudget, findings: findings, firstDetection: firstDetection,
      scheduler: configuration.scheduler,
      actionsPerIteration: configuration.actionsPerIteration, pctMeasure: pctMeasure)
  }

  /// Runs the iteration of `finding`'s seed `times` more times; returns how many broke the same
  /// invariant again. A measurement of how far a seed replays a finding, not a verdict.
  public static func confirm(
    _ finding: Finding, on variant: Variant, times: Int,
    actions: Int = Configuration().actionsPerIteration, scheduler: Scheduler = .random
  ) async throws -> Int {
    var reproduced = 0
    for _ in 0..<times {
      let found = try await runIteration(
        on: variant, seed: finding.seed, actions: actions, scheduler: scheduler)
      if found.contains(where: { $0.invariant == finding.invariant }) { reproduced += 1 }
    }
    return reproduced
  }

  /// One iteration: a new watch, a launch, random actions, then the invariants.
  public static func runIteration(
    on variant: Variant, seed: UInt64, actions: Int, scheduler: Scheduler = .random
  ) async throws -> [Finding] {
    try await runMeasuredIteration(on: variant, seed: seed, actions: actions, scheduler: scheduler)
      .findings
  }

  /// One iteration, and what the PCT scheduler measured in it (nil without PCT).
  static func runMeasuredIteration(
    on variant: Variant, seed: UInt64, actions: Int, scheduler: Scheduler
  ) async throws -> (findings: [Finding], pct: PCTScheduler.Measure?) {
    var random = SeededGenerator(seed: seed)
    let platform = try SimulatedPlatform(configuration: .init(seed: seed))
    var pct: PCTScheduler?
    if case .pct(let depth, let expectedSteps) = scheduler {
      pct = PCTScheduler(seed: seed, depth: depth, expectedSteps: expectedSteps)
      pct?.install(on: platform)
    }
    let healthAvailable = Double.random(in: 0..<1, using: &random) >= 0.15
    platform.healthStore.configure {
      $0.isHealthDataAvailable = healthAvailable
      $0.latency = .jittered(0...0.002)
    }
    platform.documents.writeLatency = .jittered(0...0.001)
    // Authorization, drawn per iteration: granted mostly, sometimes denied, sometimes failing
    // with an error. Another device's samples reach the app only when it may read them.
    let authorizationRoll = Double.random(in: 0..<1, using: &random)
    let authorizationFails = authorizationRoll < 0.1
    let authorizationDenied = !authorizationFails && authorizationRoll < 0.2
    platform.healthStore.configure {
      $0.failsAuthorization = authorizationFails
      $0.grantsAuthorization = !authorizationDenied
    }
    let healthReadable = healthAvailable && !authorizationFails && !authorizationDenied
    let now = platform.clock.now
    // The clock jumps forward by at most this much, so that every drink of the run (at most
    // 10 hours old at the start) stays inside the 24-hour window and is still expected.
    let maximumClockAdvance: TimeInterval = 12 * 3600
    var clockAdvanced: TimeInterval = 0
    var expectedDrinks = 0
    var authorizationAnswers: [Gate] = []

    func otherDeviceAdds() {
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: 47,
        date: now.addingTimeInterval(-Double.random(in: 1...600, using: &random) * 60))
      if healthReadable { expectedDrinks += 1 }
    }
    // Every request must be answered, whatever the store says.
    func requestAuthorization() {
      let answered = Gate()
      authorizationAnswers.append(answered)
      driver.requestAuthorization { _ in answered.open() }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) { otherDeviceAdds() }

    // The user acts once the app has loaded. (Both variants, like Apple's sample, replace the
    // list wholesale when the launch load finishes, so a drink added or samples merged before
    // that are lost: a defect the race catalog does not hold (docs/races.md, "Defects the lab
    // does not catalog"), and one the stress does not probe.)
    var driver = variant.launch(platform)
    try await platform.settle(driver)
    var state = ApplicationState.active
    // The first still point where the file, or the complication, differed from the model
    // (StillPointFileCheck).
    var stillPointFindings: [Finding] = []
    func settleAndCompareFile() async throws {
      try await platform.settle(driver)
      for finding in StillPointFileCheck.findings(of: driver, on: platform, seed: seed)
      where !stillPointFindings.contains(where: { $0.invariant == finding.invariant }) {
        stillPointFindings.append(finding)
      }
    }
    if !healthAvailable || authorizationFails { requestAuthorization() }

    for _ in 0..<actions {
      let roll = Double.random(in: 0..<1, using: &random)
      if state == .active {
        switch roll {
        case ..<0.3:
          platform.runtime.resume()
          let type = DrinkType.allCases.randomElement(using: &random)!
          let minutesAgo = Double.random(in: 0...120, using: &random).rounded()
          driver.addDrink(
            mgCaffeine: type.mgCaffeinePerServing, onDate: now.addingTimeInterval(-minutesAgo * 60))
          expectedDrinks += 1
        case ..<0.5:
          otherDeviceAdds()
        case ..<0.75:
          platform.runtime.resume()
          driver.loadNewDataFromHealthKit { _ in }
        case ..<0.8:
          platform.runtime.resume()
          requestAuthorization()
        default:
          // The user leaves the app: only once what they did is done.
          try await settleAndCompareFile()
          state = Bool.random(using: &random) ? .background : .inactive
          platform.runtime.setApplicationState(state)
        }
      } else {
        switch roll {
        case ..<0.3:
          otherDeviceAdds()
        case ..<0.75:
          platform.runtime.deliverBackgroundRefresh()
        case ..<0.92:
          try await settleAndCompareFile()
          state = .active
          platform.runtime.setApplicationState(.active)
        default:
          try await settleAndCompareFile()
          platform.runtime.resume()
          driver = variant.launch(platform)
          try await settleAndCompareFile()
          state = .active
          platform.runtime.setApplicationState(.active)
        }
      }
      // Now and then the store starts or stops failing queries or saves, or the clock jumps.
      let mishap = Double.random(in: 0..<1, using: &random)
      switch mishap {
      case ..<0.08: platform.healthStore.configure { $0.failsQueries.toggle() }
      case ..<0.16: platform.healthStore.configure { $0.failsSaves.toggle() }
      case ..<0.24 where clockAdvanced < maximumClockAdvance:
        let step = min(
          Double.random(in: 60...7200, using: &random).rounded(),
          maximumClockAdvance - clockAdvanced)
        platform.clock.advance(by: step)
        clockAdvanced += step
      default: break
      }
      // Sometimes let the app catch up, mostly not: overlapping work is the point. Yielding the
      // main actor a few times lets work suspended on it resume between two user actions.
      if Double.random(in: 0..<1, using: &random) < 0.25 {
        try await settleAndCompareFile()
      } else {
        for _ in 0..<Int.random(in: 0...3, using: &random) { await Task.yield() }
      }
    }
    // A last load, so that every sample another device wrote has had its chance to arrive.
    try await settleAndCompareFile()
    platform.healthStore.configure { $0.failsQueries = false }
    platform.runtime.resume()
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)
    let outcome = StressOutcome(
      snapshot: Snapshot(of: driver, on: platform), events: platform.events.all,
      offMainReads: platform.publishedChanges.readsOffMainQueue, expectedDrinks: expectedDrinks,
      unansweredAuthorizationRequests: authorizationAnswers.count { !$0.isOpen },
      authorizationCannotSucceed: !healthAvailable || authorizationFails)
    var findings = check(outcome, seed: seed)
    for stillPointFinding in stillPointFindings
    where !findings.contains(where: { $0.invariant == stillPointFinding.invariant }) {
      findings.append(stillPointFinding)
    }
    return (findings, pct?.measure)
  }

  /// Every invariant the stress checks, in the order of `Invariant`: those the catalog's entries
  /// carry, each with the entry it can point to, and those no entry explains.
  public nonisolated static var invariants: [(invariant: StressInvariant, entry: RaceEntry?)] {
    let fromEntries = RaceCatalog.entries.flatMap { entry in
      entry.stressInvariants.map { (invariant: $0, entry: Optional(entry)) }
    }
    let ofNoEntry = invariantsOfNoEntry.map { (invariant: $0, entry: RaceEntry?.none) }
    let order = Invariant.allCases
    return (fromEntries + ofNoEntry).sorted {
      order.firstIndex(of: $0.invariant.name)! < order.firstIndex(of: $1.invariant.name)!
    }
  }

  /// The invariants no catalog entry explains: a break is a bug to look into.
  nonisolated static let invariantsOfNoEntry: [StressInvariant] = [
    StressInvariant(.publishedOffMain, holds: .noPublishedChangeOffMain),
    StressInvariant(.backgroundTaskNotCompletedOnce, holds: .everyBackgroundTaskCompletedOnce),
    // No catalog entry: neither variant breaks it. Checked at every still point, too.
    StressInvariant(.complicationDiffersFromModel) { ComplicationMatch.mismatch(in: $0.snapshot) },
  ]

  /// Checks every invariant on `outcome`, or only those named in `only`; a broken one names its
  /// entry only on the evidence of the platform's records.
  nonisolated static func check(
    _ outcome: StressOutcome, seed: UInt64, only names: Set<Invariant>? = nil
  ) -> [Finding] {
    invariants.compactMap { invariant, entry in
      if let names, !names.contains(invariant.name) { return nil }
      guard let detail = invariant.breach(in: outcome) else { return nil }
      let evidence = entry == nil ? nil : invariant.evidence(in: outcome)
      return Finding(
        invariant: invariant.name, entryID: evidence == nil ? nil : entry?.id, evidence: evidence,
        seed: seed, detail: detail)
    }
  }
}
