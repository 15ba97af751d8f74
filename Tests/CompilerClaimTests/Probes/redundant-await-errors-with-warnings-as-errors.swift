// Claim: in step 15's module (warnings as errors), dropping `nonisolated` from the store's
//   `load()` alone does not build: on the actor, `await remember(drinks)` awaits a synchronous
//   method of the same actor, and the warning that no async operation occurs within the `await`
//   (`no_async_in_await`) is an error.
// Stated in: Exercises/15-concurrent-io/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -warnings-as-errors

actor Store {
  private var savedValue: [Int] = []

  func load() async -> [Int] {
    let drinks = [1]
    await remember(drinks)  // expect-error: no_async_in_await
    return drinks
  }

  private func remember(_ drinks: [Int]) {
    savedValue = drinks
  }
}
