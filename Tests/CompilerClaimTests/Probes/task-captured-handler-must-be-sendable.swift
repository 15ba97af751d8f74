// Claim: in the Swift 6 mode, a completion handler that is not `@Sendable` cannot be called from a
//   `Task` (passing the closure to the task risks a data race); declared `@Sendable`, it can.
//   `nonisolated(unsafe)` makes the error go away without making the code safe.
// Stated in: Exercises/12-swift-6-mode/README.md, Exercises/exercises.json
// Flags: -swift-version 6

actor HealthKitController {
  func requestAuthorization() async -> Bool { true }

  nonisolated func requestAuthorization(completionHandler: @escaping (Bool) -> Void) {
    // expect-error: regionbasedisolation_typed_tns_passed_sending_closure #SendingClosureRisksDataRace
    Task {
      completionHandler(await self.requestAuthorization())
    }
  }

  nonisolated func requestSendable(completionHandler: @escaping @Sendable (Bool) -> Void) {
    Task {
      completionHandler(await self.requestAuthorization())
    }
  }

  nonisolated func requestSilenced(completionHandler: @escaping (Bool) -> Void) {
    nonisolated(unsafe) let handler = completionHandler
    Task {
      handler(await self.requestAuthorization())
    }
  }
}
