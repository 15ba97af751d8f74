// Claim: a task started in a main-actor initializer runs on the main actor too: its body assigns
//   the model's main-actor property directly, with no `await`, in the Swift 6 mode.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6

@MainActor final class CoffeeData {
  var currentDrinks: [Int] = []

  init() {
    Task { currentDrinks = await load() }
  }

  nonisolated func load() async -> [Int] { [] }
}
