// Claim: a `@MainActor` function is refused to every caller that is not on the main actor, even in
//   the Swift 5 mode (minimal checking): a synchronous nonisolated caller cannot call it at all,
//   an async one must `await` it, and a main-actor caller calls it directly.
// Stated in: Exercises/05-main-actor-update-model/README.md, Exercises/06-health-controller-actor/README.md, Exercises/exercises.json
// Flags: -swift-version 5

final class CoffeeData {
  @MainActor func updateModel(newDrinks: [Int]) {}
}

func synchronousCaller(_ model: CoffeeData) {
  model.updateModel(newDrinks: [])  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
}

func asynchronousCaller(_ model: CoffeeData) async {
  model.updateModel(newDrinks: [])  // expect-error: actor_isolated_access_outside_of_actor_context
  await model.updateModel(newDrinks: [])
}

@MainActor func mainActorCaller(_ model: CoffeeData) {
  model.updateModel(newDrinks: [])
}
