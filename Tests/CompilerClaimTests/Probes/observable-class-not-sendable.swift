// Claim: an `@Observable` class is not `Sendable`: the compiler refuses to pass one where
//   `Sendable` is required.
// Stated in: Exercises/13-observation/README.md
// Flags: -swift-version 6

import Observation

@Observable
final class Drinks {
  var count = 0
}

func requireSendable<T: Sendable>(_ value: T) {}

func pass(_ drinks: Drinks) {
  requireSendable(drinks)  // expect-error: non_sendable_type
}
