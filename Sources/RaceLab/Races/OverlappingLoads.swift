import CheckReporting
import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let overlappingLoads = RaceEntry(
    .overlappingLoads,
    title: "Overlapping health loads add the same drinks twice",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: loadNewDataFromHealthKit(completionHandler:)",
    symbols: ["HealthKitController.updateModel"],
    interleaving:
      "Two loads (launch, foreground, background refresh) both read the anchor before either query "
      + "answers; both queries return the same new samples.",
    symptom: "The model, the file and the complication list a drink twice.",
    afterFix:
      "Each load waits for the previous one before reading the anchor, so the second query starts "
      + "from the first one's new anchor.",
    talkPassage: "Beyond the talk: the spec's overlapping loads",
    replay: ReplaySchedule { variant in
      // Two loads, then three: a fix that handles one load waiting behind another (a single
      // "previous load" slot, a busy flag) can still let the third one through.
      let two = try await Replay.overlappingLoads(on: variant, count: 2)
      let three = try await Replay.overlappingLoads(on: variant, count: 3)
      return (two.0 || three.0, "two loads: \(two.1); three loads: \(three.1)")
    },
    explored: ExploredSchedule(target: "own-samples-not-duplicated+in-flight", schedule: "8:4"),
    stressInvariants: [
      StressInvariant(.drinksDuplicated, holds: .noDrinkListedTwice) { outcome in
        // Overlapping loads leave their mark: the duplicated drinks are samples of the store,
        // and more than one query answer brought new samples.
        let ids = outcome.snapshot.modelDrinks.map(\.uuid)
        let counts = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
        let duplicated = Set(counts.filter { $0.value > 1 }.keys)
        let samples = Set(outcome.snapshot.healthSamples.map(\.uuid))
        let answersWithNewSamples = outcome.events.count {
          if case .healthQueryAnswered(let added, _, _, _) = $0.kind { added > 0 } else { false }
        }
        guard duplicated.isSubset(of: samples), answersWithNewSamples > 1 else { return nil }
        return "every duplicated drink is a health sample, and \(answersWithNewSamples) query "
          + "answers brought new samples"
      },
      // Each query must start from the anchor the previous answer returned. Duplicates are only
      // one symptom of overlapping loads: an app that drops drinks it already lists shows none,
      // and still runs two queries from one anchor, and can move the anchor back.
      StressInvariant(.queryFromStaleAnchor, evidence: QueryAnchorChain.sharedStart) {
        QueryAnchorChain.breach(in: $0.events)
      },
    ],
    isRacingAccess: RaceCatalog.isAnchorReadOrAnswered,
    // A load reads the anchor as it issues its query; the query's callback writes it.
    unorderedEvidence: .memory { event in
      switch event.mark {
      case "calls the health store: query": [.read("anchor", by: event)]
      case "query callback runs": [.write("anchor", by: event)]
      default: []
      }
    },
    lesson: RaceLesson(
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "AnchoredObjectQuery(dateRange: dateRange, anchor: anchor)"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "let previousLoad = lastLoad"),
      exerciseID: "11-no-overlapping-loads"))
}

extension RaceCatalog {
  /// A load reads the anchor just before it issues its query, and the answer says what that
  /// anchor let through. (The model's updates after the answers are left out: the replay does not
  /// order them against the other answer, so they are not part of its schedule.)
  @Sendable static func isAnchorReadOrAnswered(_ event: TraceEvent) -> Bool {
    if event.mark == "calls the health store: query" { return true }
    if case .healthQueryAnswered = event.platformEvent?.kind { return true }
    return false
  }
}

extension Replay {
  /// Replays `count` overlapping loads on `variant` (the overlapping-loads entry replays two,
  /// then three).
  public static func runOverlappingLoads(count: Int, on variant: Variant) async throws
    -> ReplayResult
  {
    let (shown, detail) = try await overlappingLoads(on: variant, count: count)
    return ReplayResult(
      entry: RaceCatalog.overlappingLoads, side: variant.name, symptomShown: shown, detail: detail)
  }

  /// `count` loads whose queries are all issued before any answers: every answer but the last
  /// waits at the platform until the last one is ready.
  static func overlappingLoads(on variant: Variant, count: Int) async throws -> (Bool, String) {
    let (platform, driver) = try await launchSettled(variant)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))

    let queries = Counter()
    let lastAnswerReady = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if queries.increment() < count {
        lastAnswerReady.wait(timeout: safetyTimeout)
      } else {
        lastAnswerReady.open()
      }
    }
    for _ in 0..<count { driver.loadNewDataFromHealthKit { _ in } }
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let drinks = driver.currentDrinks
    let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
    return (
      duplicates > 0,
      "\(Wording.count(drinks.count, "drink")) for 1 sample, \(duplicates) duplicated"
    )
  }
}
