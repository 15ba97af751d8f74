// Claim: in the Swift 6 mode, capturing a `var` in the closure of `await MainActor.run { }`
//   type-checks with no diagnostic on Swift 6.3 (the closure runs while the caller waits).
// Stated in: Exercises/04-main-actor-run/README.md
// Flags: -swift-version 6

func load() async -> Int {
  var count = 0
  count += 1
  await MainActor.run { print(count) }
  return count
}
