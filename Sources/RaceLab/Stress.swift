import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// Seeded random runs of the app under jittered latencies, with actions fired without waiting
/// for the app to go still in between, then invariants checked once it has.
@MainActor
public enum Stress {
  /// How much stress to apply.
  public struct Configuration: Sendable {
    /// The seed of the first iteration; iteration `i` uses `seed + i`, and prints it on failure.
    public var seed: UInt64
    /// How many iterations at most.
    public var iterations: Int
    /// How long at most, in seconds: the run stops early, and says so, past this.
    public var timeBudget: TimeInterval
    /// How many actions each iteration fires.
    public var actionsPerIteration: Int

    public init(
      seed: UInt64 = 1, iterations: Int = 200, timeBudget: TimeInterval = 60,
      actionsPerIteration: Int = 8
    ) {
      self.seed = seed
      self.iterations = iterations
      self.timeBudget = timeBudget
      self.actionsPerIteration = actionsPerIteration
    }
  }

  /// One broken invariant in one iteration.
  public struct Finding: Sendable, CustomStringConvertible {
    /// The catalog entry the broken invariant points to; nil for a finding no entry explains.
    public let entryID: String?
    /// The seed that replays the iteration.
    public let seed: UInt64
    public let detail: String

    public var description: String {
      "[\(entryID ?? "unexplained")] seed \(seed): \(detail)"
    }
  }

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
    while iteration < configuration.iterations {
      if Date().timeIntervalSince(start) > configuration.timeBudget {
        stoppedAtTimeBudget = true
        break
      }
      iteration += 1
      let seed = configuration.seed &+ UInt64(iteration - 1)
      let found = try await runIteration(
        on: variant, seed: seed, actions: configuration.actionsPerIteration)
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
      stoppedAtTimeBudget: stoppedAtTimeBudget, findings: findings, firstDetection: firstDetection)
  }

  /// One iteration: a new watch, a launch, random actions, then the invariants.
  public static func runIteration(on variant: Variant, seed: UInt64, actions: Int) async throws
    -> [Finding]
  {
    var random = SeededGenerator(seed: seed)
    let platform = try SimulatedPlatform(configuration: .init(seed: seed))
    let healthAvailable = Double.random(in: 0..<1, using: &random) >= 0.1
    platform.healthStore.configure {
      $0.isHealthDataAvailable = healthAvailable
      $0.latency = .jittered(0...0.002)
    }
    platform.documents.writeLatency = .jittered(0...0.001)
    let now = platform.clock.now
    var expectedDrinks = 0
    var authorizationAnswers: [Gate] = []

    func otherDeviceAdds() {
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: 47,
        date: now.addingTimeInterval(-Double.random(in: 1...600, using: &random) * 60))
      if healthAvailable { expectedDrinks += 1 }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) { otherDeviceAdds() }

    // The user acts once the app has loaded. (Both variants replace the list when the launch
    // load finishes, so a drink added before that would be dropped: a limit of the app's
    // design that the stress does not probe.)
    var driver = variant.launch(platform)
    try await platform.settle(driver)
    var state = ApplicationState.active
    if !healthAvailable {
      let answered = Gate()
      authorizationAnswers.append(answered)
      driver.requestAuthorization { _ in answered.open() }
    }

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
          driver.requestAuthorization { _ in }
        default:
          // The user leaves the app: only once what they did is done.
          try await platform.settle(driver)
          state = Bool.random(using: &random) ? .background : .inactive
          platform.runtime.setApplicationState(state)
        }
      } else {
        switch roll {
        case ..<0.25:
          otherDeviceAdds()
        case ..<0.7:
          platform.runtime.deliverBackgroundRefresh()
        case ..<0.9:
          try await platform.settle(driver)
          state = .active
          platform.runtime.setApplicationState(.active)
        default:
          try await platform.settle(driver)
          platform.runtime.resume()
          driver = variant.launch(platform)
          try await platform.settle(driver)
          state = .active
          platform.runtime.setApplicationState(.active)
        }
      }
      // Sometimes let the app catch up, mostly not: overlapping work is the point. Yielding the
      // main actor a few times lets work suspended on it resume between two user actions.
      if Double.random(in: 0..<1, using: &random) < 0.25 {
        try await platform.settle(driver)
      } else {
        for _ in 0..<Int.random(in: 0...3, using: &random) { await Task.yield() }
      }
    }
    // A last load, so that every sample another device wrote has had its chance to arrive.
    try await platform.settle(driver)
    platform.runtime.resume()
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)
    return check(
      Snapshot(of: driver, on: platform), expectedDrinks: expectedDrinks,
      authorizationAnswers: authorizationAnswers, seed: seed)
  }

  /// The invariants, each mapped to the catalog entry whose symptom it is.
  static func check(
    _ snapshot: Snapshot, expectedDrinks: Int, authorizationAnswers: [Gate], seed: UInt64
  ) -> [Finding] {
    var findings: [Finding] = []
    func found(_ entry: RaceEntry?, _ detail: String) {
      findings.append(Finding(entryID: entry?.id, seed: seed, detail: detail))
    }
    let ids = snapshot.modelDrinks.map(\.uuid)
    let unique = Set(ids).count
    if unique != ids.count {
      found(RaceCatalog.overlappingLoads, "\(ids.count - unique) duplicated drinks")
    }
    if unique < expectedDrinks {
      // A write lost at suspension loses its drinks for good at the next relaunch.
      let cause = snapshot.writesLostAtSuspension > 0 ? RaceCatalog.writeLostAtSuspension : nil
      found(cause, "\(expectedDrinks - unique) of \(expectedDrinks) drinks lost from the model")
    }
    if snapshot.blockingIOOnMainQueue > 0 {
      found(
        RaceCatalog.blockingIOOnMain, "\(snapshot.blockingIOOnMainQueue) file operations on main")
    }
    if snapshot.writesLostAtSuspension > 0 {
      found(
        RaceCatalog.writeLostAtSuspension,
        "\(snapshot.writesLostAtSuspension) writes lost at suspension")
    } else if snapshot.file.drinks != snapshot.modelDrinks {
      found(RaceCatalog.savedValueRace, "the file differs from the model")
    }
    if authorizationAnswers.contains(where: { !$0.isOpen }) {
      found(RaceCatalog.authorizationNeverAnswered, "an authorization request was never answered")
    }
    if snapshot.offMainPublishedChanges > 0 {
      found(nil, "\(snapshot.offMainPublishedChanges) published changes off the main queue")
    }
    let wrongTasks = snapshot.backgroundTasks.filter { $0.completions != 1 }
    if !wrongTasks.isEmpty {
      found(nil, "\(wrongTasks.count) background tasks not completed exactly once")
    }
    return findings
  }
}
