import CheckReporting
import SimulatedPlatform

extension RaceCatalog {
  static let reentrantAnchorAcrossAwait = RaceEntry(
    .reentrantAnchorAcrossAwait,
    title: "Actor reentrancy: two loads read the same anchor across an await",
    location: "RaceLab/TalkEndStateLoader.swift: a minimal copy of the talk's end state",
    symbols: ["TalkEndStateLoader"],
    interleaving:
      "The talk's actor reads the anchor, awaits the query, then writes the anchor. A second load "
      + "runs on the actor during the first one's await and reads the same anchor.",
    symptom: "Both loads add the same samples: duplicate drinks, with no data race to detect.",
    afterFix:
      "The lab's after variant chains its loads, so the second reads the first one's anchor.",
    talkPassage: "updateModel: \"This is why the await keyword is so vital a clue\"",
    // The before side is the talk's end state; a variant's own loads are replayed under the
    // overlapping schedule.
    replay: ReplaySchedule(
      { try await Replay.overlappingLoads(on: $0, count: 2) },
      beforeSide: { try await Replay.talkEndStateReentrancy() }),
    isRacingAccess: RaceCatalog.isAnchorReadOrAnswered,
    lesson: RaceLesson(
      before: .init(file: "Sources/RaceLab/TalkEndStateLoader.swift", needle: "anchor = newAnchor"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "let previousLoad = lastLoad"),
      exerciseID: "11-no-overlapping-loads"))
}

extension Replay {
  /// The talk's end state under the overlapping-loads schedule.
  static func talkEndStateReentrancy() async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))
    try await platform.healthStore.requestAuthorization()
    let loader = TalkEndStateLoader(platform: platform)

    let queries = Counter()
    let secondAnswerReady = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if queries.increment() == 1 {
        secondAnswerReady.wait(timeout: safetyTimeout)
      } else {
        secondAnswerReady.open()
      }
    }
    async let first = loader.loadNewDataFromHealthKit()
    async let second = loader.loadNewDataFromHealthKit()
    _ = await (first, second)
    removeAllCheckpoints(on: platform)

    let drinks = await loader.drinks
    let duplicates = drinks.count - Set(drinks.map(\.uuid)).count
    return (
      duplicates > 0,
      "\(Wording.count(drinks.count, "drink")) for 1 sample, \(duplicates) duplicated"
    )
  }
}
