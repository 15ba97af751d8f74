// Claim: with NonisolatedNonsendingByDefault (SE-0461), an actor's method marked `@concurrent`
//   runs on the global concurrent executor even when the main actor calls it: its main-actor
//   precondition traps.
// Stated in: Exercises/15-concurrent-io/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: traps

actor Store {
  @concurrent nonisolated func load() async -> [Int] {
    MainActor.preconditionIsolated("a @concurrent method leaves its caller's actor")
    return []
  }
}

func start() async {
  _ = await Store().load()
}

await start()
