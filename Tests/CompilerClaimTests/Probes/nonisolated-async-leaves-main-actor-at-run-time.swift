// Claim: at run time, without NonisolatedNonsendingByDefault (the Swift 6 mode's default on Swift
//   6.3), a nonisolated async function called from the main actor leaves it for the global
//   concurrent executor (SE-0338): its main-actor precondition traps.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6
// Run: traps

func load() async {
  MainActor.preconditionIsolated("a nonisolated async function runs off its caller's actor")
}

@MainActor func start() async {
  await load()
}

await start()
