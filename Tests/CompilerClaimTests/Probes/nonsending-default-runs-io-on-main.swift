// Claim: with NonisolatedNonsendingByDefault (SE-0461), an actor's `nonisolated` async method
//   called from the main actor runs on the main actor, and so does one marked
//   `nonisolated(nonsending)` explicitly: the compiler accepts both with no diagnostic, and
//   their main-actor preconditions hold at run time.
// Stated in: Exercises/15-concurrent-io/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: exits 0

actor Store {
  nonisolated func load() async -> [Int] {
    MainActor.preconditionIsolated("a nonisolated(nonsending) method runs on its caller's actor")
    return []
  }

  nonisolated(nonsending) func reload() async -> [Int] {
    MainActor.preconditionIsolated("said explicitly, it still runs on its caller's actor")
    return []
  }
}

func start() async {
  let store = Store()
  _ = await store.load()
  _ = await store.reload()
}

await start()
