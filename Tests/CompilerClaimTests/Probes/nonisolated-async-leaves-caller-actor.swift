// Claim: without NonisolatedNonsendingByDefault (the Swift 6 mode's default on Swift 6.3), a
//   nonisolated async function runs on the global concurrent executor, off its caller's actor
//   (SE-0338): an actor that passes it its own non-Sendable state is refused.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6

final class Drinks {
  var list: [Int] = []
}

func format(_ drinks: Drinks) async -> String { "\(drinks.list.count)" }

actor Model {
  var drinks = Drinks()
  func describe() async -> String {
    // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
    await format(drinks)
  }
}
