// Claim: an actor's state is unreachable from outside: code outside the actor cannot touch its
//   properties or call its synchronous methods synchronously, and cannot assign its properties
//   from an async context either; a `nonisolated` method can be called synchronously from anywhere.
// Stated in: Exercises/07-coffee-data-store/README.md, Exercises/06-health-controller-actor/README.md, Exercises/exercises.json
// Flags: -swift-version 5

actor CoffeeDataStore {
  var savedValue: [Int] = []
  func save(_ drinks: [Int]) { savedValue = drinks }
  nonisolated func saveInBackground(_ drinks: [Int]) {
    Task { await self.save(drinks) }
  }
}

func synchronousCaller(_ store: CoffeeDataStore) {
  _ = store.savedValue  // expect-error: actor_isolated_non_self_reference
  store.save([])  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
  store.saveInBackground([])
}

func asynchronousCaller(_ store: CoffeeDataStore) async {
  _ = await store.savedValue
  await store.save([])
  store.savedValue = []  // expect-error: actor_isolated_non_self_reference
}
