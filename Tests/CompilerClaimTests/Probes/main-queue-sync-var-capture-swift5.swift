// Claim: in the Swift 5 mode with complete checking, a `var` captured by the closure of
//   `DispatchQueue.main.sync` gets no diagnostic: that closure is not `@Sendable`, so the
//   captured-var warning that `MainActor.run` gives goes away, and nothing is checked instead.
// Stated in: Exercises/04-main-actor-run/README.md
// Flags: -swift-version 5 -strict-concurrency=complete

import Dispatch

func load() -> Int {
  var count = 0
  count += 1
  DispatchQueue.main.sync { print(count) }
  return count
}
