// Claim: an `@Observable` class keeps its `@MainActor` isolation: in the Swift 6 mode the compiler
//   refuses a change of its property from a nonisolated context, as for any main-actor class.
// Stated in: Exercises/13-observation/README.md
// Flags: -swift-version 6

import Observation

@Observable @MainActor final class CoffeeData {
  var currentDrinks: [Int] = []
}

nonisolated func changeFromAnywhere(_ model: CoffeeData) {
  model.currentDrinks = []  // expect-error: actor_isolated_non_self_reference
}

@MainActor func changeOnMain(_ model: CoffeeData) {
  model.currentDrinks = []
}
