// Claim: at run time, with NonisolatedNonsendingByDefault (SE-0461), a nonisolated async function
//   called from the main actor runs on the main actor: its main-actor precondition holds.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: exits 0

func load() async {
  MainActor.preconditionIsolated("a nonisolated(nonsending) function runs on its caller's actor")
}

@MainActor func start() async {
  await load()
}

await start()
