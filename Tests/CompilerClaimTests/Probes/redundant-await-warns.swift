// Claim: without warnings as errors, an `await` on a synchronous method of the same actor is a
//   warning (`no_async_in_await`), not an error.
// Stated in: Exercises/15-concurrent-io/README.md
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault

actor Store {
  private var savedValue: [Int] = []

  func load() async -> [Int] {
    let drinks = [1]
    await remember(drinks)  // expect-warning: no_async_in_await
    return drinks
  }

  private func remember(_ drinks: [Int]) {
    savedValue = drinks
  }
}
