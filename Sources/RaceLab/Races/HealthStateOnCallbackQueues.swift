import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let healthStateOnCallbackQueues = RaceEntry(
    .healthStateOnCallbackQueues,
    title: "isAuthorized and the query anchor are written on callback queues",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: requestAuthorization(completionHandler:), "
      + "loadNewDataFromHealthKit(completionHandler:)",
    symbols: ["isAuthorized", "anchor"],
    interleaving:
      "The authorization callback writes isAuthorized, and the query callback writes the anchor, on "
      + "arbitrary global queues. Nothing reads isAuthorized, so its race is write/write: two "
      + "authorization callbacks at once. The anchor is also read, by the next load when it starts "
      + "its query, on another queue: a read/write race as well as a write/write one.",
    symptom:
      "A data race: no visible symptom most of the time, undefined behaviour always. "
      + "ThreadSanitizer catches the anchor when two loads overlap. isAuthorized is only ever "
      + "written; its accesses go unordered when two authorization requests answer at once (the "
      + "model's at launch and the delegate's when the app becomes active).",
    afterFix: "HealthKitController is an actor: both properties are only touched on the actor.",
    talkPassage: "Using the main actor: \"we can change the class, itself, to be an actor\"",
    compilerDiagnoses: true,
    // No scenario checks a symptom of it: the scheduler shows its two callbacks unordered.
    explored: ExploredSchedule(
      target: "authorization-denied", schedule: "default", showsSymptom: false),
    threadSanitizerSchedule: { try await Replay.anchorWrittenOnTwoCallbackQueues(on: $0) },
    // The health controller's callbacks write isAuthorized and the anchor as they run.
    isRacingAccess: { ["authorization callback runs", "query callback runs"].contains($0.mark) },
    // Two locations: an authorization callback writes isAuthorized, a query callback the anchor.
    unorderedEvidence: .memory { event in
      switch event.mark {
      case "authorization callback runs": [.write("isAuthorized", by: event)]
      case "query callback runs": [.write("anchor", by: event)]
      default: []
      }
    },
    lesson: RaceLesson(
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "self.isAuthorized = success"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "self.isAuthorized = true"),
      exerciseID: "06-health-controller-actor"))
}

// ThreadSanitizer reports two accesses when no happens-before edge orders them. Every lock the
// platform takes (its event log, its activity count) is such an edge, so is a queue hop to the
// main queue, and so, in a debug build on Linux, is every access to a lazily initialized global
// or static (swift_once; measured with a two-thread probe on Swift 6.3). The schedule therefore
// holds each racing thread at a checkpoint whose next instruction is the app's, at gates that do
// not synchronize, and holds the main queue until both accesses are made.
extension Replay {
  /// Two query callbacks that both write the query anchor: the first waits at delivery until
  /// the second has returned; the second waits after returning until the first has returned
  /// too; the main queue (which the callbacks hop to) is held throughout. Shown: whether the
  /// two callbacks overlapped as forced.
  static func anchorWrittenOnTwoCallbackQueues(on variant: Variant) async throws -> (Bool, String) {
    let (platform, driver) = try await launchSettled(variant)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 47, date: platform.clock.now.addingTimeInterval(-30 * 60))

    let delivered = Counter()
    let returned = Counter()
    let secondReturned = Gate(synchronizes: false)
    let firstReturned = Gate(synchronizes: false)
    let heldAtDelivery = Gate(synchronizes: false)
    let bothReturned = Gate()
    platform.checkpoints.install(at: .healthCallbackDelivering(.query)) {
      if delivered.increment() == 1, secondReturned.wait(timeout: threadSanitizerPatience) {
        heldAtDelivery.open()
      }
    }
    platform.checkpoints.install(at: .healthCallbackReturned(.query)) {
      if returned.increment() == 1 {
        secondReturned.open()
        firstReturned.wait(timeout: threadSanitizerPatience)
      } else {
        firstReturned.open()
        bothReturned.open()
      }
    }
    driver.loadNewDataFromHealthKit { _ in }
    driver.loadNewDataFromHealthKit { _ in }
    // Hold the main queue: the first callback to return posts its update there, and running
    // it would order that callback's write before the other's.
    bothReturned.wait(timeout: 3 * threadSanitizerPatience)
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)
    return heldAtDelivery.isOpen
      ? (true, "two query callbacks ran at once, each with the anchor to write")
      : (false, "the query callbacks ran one after the other")
  }
}
