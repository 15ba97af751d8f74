// Claim: in the Swift 6 language mode on this compiler (6.3), without the upcoming feature
//   NonisolatedNonsendingByDefault, a nonisolated async method still leaves its caller's actor
//   (SE-0338; SE-0461 gates the new default behind the feature): called from an actor with the
//   actor's own non-Sendable state, the state is sent off the actor, an error (SE-0461's
//   "Motivation" example).
// Stated in: Exercises/15-concurrent-io/README.md, Sources/RaceLab/NonsendingDrinkLoader.swift
// Flags: -swift-version 6

final class DrinkList {
  var drinks: [Int] = []
  func load() async {}
}

actor Store {
  let list = DrinkList()

  func refresh() async {
    // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
    await list.load()
  }
}
