// Claim: a `Mutex` (Synchronization, SE-0433) kept in an actor's `let` can be used synchronously
//   both on the actor and from a `@concurrent` nonisolated method, with no diagnostic; the body
//   of `withLock` is synchronous, so it cannot `await`.
// Stated in: Exercises/16-mutex-saved-value/README.md
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault

import Synchronization

actor Store {
  private let savedValue = Mutex<[Int]>([])

  func save(_ drinks: [Int]) {
    if savedValue.withLock({ $0 == drinks }) { return }
    savedValue.withLock { $0 = drinks }
  }

  @concurrent nonisolated func load() async -> [Int] {
    let drinks = [1]
    savedValue.withLock { $0 = drinks }
    return drinks
  }

  nonisolated func reload(from other: Store) async {
    // expect-error: cannot_pass_async_func_to_sync_parameter
    await savedValue.withLock { value in
      value = await other.load()
    }
  }
}
