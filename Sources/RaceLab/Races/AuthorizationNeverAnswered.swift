import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let authorizationNeverAnswered = RaceEntry(
    .authorizationNeverAnswered,
    title: "The authorization completion is never called",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: requestAuthorization(completionHandler:)",
    symbols: ["requestAuthorization"],
    interleaving:
      "Health data is unavailable, or the request fails: the function returns without calling back.",
    symptom: "The caller waits forever (a hang).",
    afterFix: "requestAuthorization() async -> Bool returns false on every failure path.",
    talkPassage: "Completion handlers: \"replace it with a return false\"",
    replay: ReplaySchedule { try await Replay.authorizationNeverAnswered(on: $0) },
    explored: ExploredSchedule(target: "health-store-unavailable", schedule: "default"),
    stressInvariants: [
      StressInvariant(
        .authorizationUnanswered,
        evidence: { outcome in
          outcome.authorizationCannotSucceed
            ? "health data was unavailable or the store answered with an error, and the app went "
              + "still without answering"
            : nil
        },
        breach: { outcome in
          outcome.unansweredAuthorizationRequests == 0
            ? nil : "an authorization request was never answered"
        })
    ],
    failureExplanation:
      "the before variant's requestAuthorization never calls its completion handler when health "
      + "data is unavailable or the request fails",
    isRacingAccess: { event in
      if case .healthAuthorizationRequested? = event.platformEvent?.kind { true } else { false }
    },
    lesson: RaceLesson(
      before: .init(
        file: "Sources/CoffeeTrackerBefore/HealthKitController.swift",
        needle: "guard isAvailable else { return }"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/HealthKitController.swift",
        needle: "guard isAvailable else { return false }"),
      exerciseID: "02-async-authorization"))
}

extension Replay {
  /// An authorization request while health data is unavailable.
  static func authorizationNeverAnswered(on variant: Variant) async throws -> (Bool, String) {
    let platform = try SimulatedPlatform()
    platform.healthStore.configure { $0.isHealthDataAvailable = false }
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    let answered = Gate()
    driver.requestAuthorization { _ in answered.open() }
    try await platform.settle(driver)
    return (
      !answered.isOpen, answered.isOpen ? "answered" : "never answered, after the app went still"
    )
  }
}
