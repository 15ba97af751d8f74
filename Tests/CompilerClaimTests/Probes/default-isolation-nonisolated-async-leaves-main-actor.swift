// Claim: at run time, with the main actor as the module's default isolation but without
//   NonisolatedNonsendingByDefault, an actor's `nonisolated` async method called from the main
//   actor leaves it for the global concurrent executor (SE-0338): its main-actor precondition
//   traps.
// Stated in: Exercises/14-default-main-actor/README.md
// Flags: -swift-version 6 -default-isolation MainActor
// Run: traps

actor Store {
  nonisolated func load() async -> [Int] {
    MainActor.preconditionIsolated("a nonisolated async method leaves the main actor")
    return []
  }
}

func start() async {
  _ = await Store().load()
}

await start()
