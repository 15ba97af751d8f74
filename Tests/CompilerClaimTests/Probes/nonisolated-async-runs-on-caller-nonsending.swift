// Claim: with the upcoming feature NonisolatedNonsendingByDefault (SE-0461, Swift 6.2), a
//   nonisolated async function runs on its caller's actor, so an actor can pass it its own
//   non-Sendable state with no diagnostic. (Without the feature it runs on the global concurrent
//   executor: see nonisolated-async-leaves-caller-actor.)
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault

final class Drinks {
  var list: [Int] = []
}

func format(_ drinks: Drinks) async -> String { "\(drinks.list.count)" }

actor Model {
  var drinks = Drinks()
  func describe() async -> String { await format(drinks) }
}
