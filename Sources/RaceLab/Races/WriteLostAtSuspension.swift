import CheckReporting
import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let writeLostAtSuspension = RaceEntry(
    .writeLostAtSuspension,
    title: "A background task completed while the disk write is still in flight",
    location: "CoffeeTrackerBefore/ExtensionDelegate.swift: handle(_:)",
    symbols: ["setTaskCompletedWithSnapshot", "handle"],
    interleaving:
      "A refresh task arrives while the app is not in the background state: the save goes to the "
      + "background queue, and the completion handler marks the task completed before it ends.",
    symptom: "The app is suspended with the write in flight: the new drinks never reach the disk.",
    afterFix:
      "The handler awaits the load, which awaits the save, then the work the foreground started "
      + "meanwhile (the delegate keeps that task), then the saves of the drinks added before it "
      + "(the model keeps addDrink's tasks until they end), and only then completes the task.",
    talkPassage:
      "The end of the talk: \"You must guarantee all your work is done when you call this\"",
    replay: ReplaySchedule { try await Replay.writeLostAtSuspension(on: $0) },
    explored: ExploredSchedule(
      target: "background-refresh-unavailable+in-flight", schedule: "default"),
    stressInvariants: [
      // A write lost at suspension loses its drinks for good at the next relaunch.
      StressInvariant(
        .drinksLost,
        evidence: { outcome in
          let lost = outcome.snapshot.writesLostAtSuspension
          return lost == 0
            ? nil : "the platform recorded \(Wording.count(lost, "write")) lost at suspension"
        },
        breach: { outcome in
          let unique = Set(outcome.snapshot.modelDrinks.map(\.uuid)).count
          let expected = outcome.expectedDrinks
          return unique >= expected
            ? nil
            : "\(expected - unique) of \(Wording.count(expected, "drink")) lost from the model"
        }),
      StressInvariant(.writeLostAtSuspension, holds: .noWriteLostAtSuspension) { _ in
        "the platform recorded writes in flight when the app was suspended"
      },
    ],
    isRacingAccess: { event in
      switch event.platformEvent?.kind {
      case .backgroundTaskCompleted?, .fileWriteLostAtSuspension?, .fileWritten?: true
      default: false
      }
    },
    // No shared variable: an order. Every write must end before the task is completed.
    unorderedEvidence: .ordering(
      first: { event in
        switch event.platformEvent?.kind {
        case .fileWritten?, .fileWriteLostAtSuspension?: true
        default: false
        }
      },
      then: { event in
        if case .backgroundTaskCompleted? = event.platformEvent?.kind { true } else { false }
      }),
    lesson: RaceLesson(
      before: .init(
        file: "Sources/CoffeeTrackerBefore/ExtensionDelegate.swift",
        needle: "setTaskCompletedWithSnapshot(success)"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/ExtensionDelegate.swift",
        needle: "setTaskCompletedWithSnapshot(success)"),
      exerciseID: "10-background-task-awaits"))
}

extension Replay {
  /// A refresh task while the app is inactive; every write is held until the task is completed.
  static func writeLostAtSuspension(on variant: Variant) async throws -> (Bool, String) {
    let (platform, driver) = try await launchSettled(variant)
    platform.runtime.setApplicationState(.inactive)
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 128, date: platform.clock.now.addingTimeInterval(-20 * 60))

    let suspended = Gate()
    platform.checkpoints.install(at: .appSuspended) { suspended.open() }
    platform.checkpoints.install(at: .fileWriteStarting) { suspended.wait(timeout: safetyTimeout) }
    platform.runtime.deliverBackgroundRefresh()
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let lost = Snapshot(of: driver, on: platform).writesLostAtSuspension
    return (lost > 0, "\(Wording.count(lost, "write")) lost at suspension")
  }
}
