// Claim: with the main actor as the module's default isolation (SE-0466), a new struct's methods
//   are main-actor isolated. The store actor's synchronous `save` and `load` (step 14's starter)
//   are refused a call to them with `actor_isolated_call_decl`; only once `load()` is a
//   `nonisolated` async method does its call get `actor_isolated_access_outside_of_actor_context`
//   instead.
// Stated in: Exercises/14-default-main-actor/README.md
// Flags: -swift-version 6 -default-isolation MainActor

struct DrinkListFile {
  func write(_ drinks: [Int]) throws {}
  func read() throws -> [Int] { [] }
}

actor StarterStore {
  private let file = DrinkListFile()
  private var savedValue: [Int] = []

  func save(_ drinks: [Int]) {
    try? file.write(drinks)  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
    savedValue = drinks
  }

  func load() -> [Int] {
    // expect-error: actor_isolated_call_decl #ActorIsolatedCall
    let drinks = (try? file.read()) ?? []
    savedValue = drinks
    return drinks
  }
}

actor SolutionStore {
  private let file = DrinkListFile()

  nonisolated func load() async -> [Int] {
    // expect-error: actor_isolated_access_outside_of_actor_context
    (try? file.read()) ?? []
  }
}
