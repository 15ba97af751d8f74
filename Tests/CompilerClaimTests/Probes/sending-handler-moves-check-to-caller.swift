// Claim: in the Swift 6 mode, a completion handler declared `sending` may be sent on to a `Task`
//   by the shim; the compiler then checks each caller instead, and refuses one that goes on using
//   what its closure captured.
// Stated in: Exercises/12-swift-6-mode/README.md
// Flags: -swift-version 6

final class Counter {
  var value = 0
}

actor HealthKitController {
  func requestAuthorization() async -> Bool { true }

  nonisolated func requestAuthorization(completionHandler: sending @escaping (Bool) -> Void) {
    Task {
      completionHandler(await self.requestAuthorization())
    }
  }
}

func callerThatLetsGo(_ controller: HealthKitController) {
  let counter = Counter()
  controller.requestAuthorization { _ in counter.value += 1 }
}

func callerThatKeepsUsing(_ controller: HealthKitController) {
  let counter = Counter()
  // expect-error: regionbasedisolation_type_send_yields_race #SendingRisksDataRace
  controller.requestAuthorization { _ in counter.value += 1 }
  counter.value += 1
}
