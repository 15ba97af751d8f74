// Claim: a `sending` parameter lets a non-Sendable value cross into an actor when the caller does
//   not use it afterwards; using it afterwards is an error (region-based isolation, SE-0414 and
//   SE-0430). Without `sending`, the same value cannot cross at all.
// Stated in: Exercises/12-swift-6-mode/README.md
// Flags: -swift-version 6

final class Drinks {
  var list: [Int] = []
}

actor DrinkStore {
  var drinks = Drinks()
  func take(_ drinks: sending Drinks) { self.drinks = drinks }
  func borrow(_ drinks: Drinks) {}
}

func handOver(_ store: DrinkStore) async {
  let drinks = Drinks()
  await store.take(drinks)
}

func useAfterSending(_ store: DrinkStore) async {
  let drinks = Drinks()
  // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
  await store.take(drinks)
  drinks.list.append(1)
}

func withoutSending(_ store: DrinkStore, _ drinks: Drinks) async {
  // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
  await store.borrow(drinks)
}
