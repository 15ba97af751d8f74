// Claim: in the Swift 5 mode, marking the captured `var` `nonisolated(unsafe)` silences the
//   captured-var warning of `MainActor.run` without changing the code: the compiler stops
//   checking the variable.
// Stated in: Exercises/04-main-actor-run/README.md
// Flags: -swift-version 5

@MainActor func updateModel(_ drinks: [Int]) {}

func load(samples: [Int]?) async {
  nonisolated(unsafe) var newDrinks: [Int] = []
  if let samples { newDrinks = samples }
  await MainActor.run { updateModel(newDrinks) }
}
