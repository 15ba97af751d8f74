// Claim: in the Swift 5 mode (minimal checking), a synchronous read of a `@MainActor` class's
//   property from a nonisolated context is an error, not a warning.
// Stated in: Exercises/09-main-actor-model/README.md, docs/migration-map.md
// Flags: -swift-version 5

@MainActor final class CoffeeData {
  var currentDrinks: [Int] = []
}

func complicationReads(_ model: CoffeeData) -> Int {
  model.currentDrinks.count  // expect-error: actor_isolated_non_self_reference
}
