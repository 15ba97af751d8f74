// Claim: in the Swift 5 mode, capturing a `var` in the closure of `await MainActor.run { }` is a
//   warning: reference to a captured var in concurrently-executing code.
// Stated in: Exercises/04-main-actor-run/README.md, Exercises/exercises.json
// Flags: -swift-version 5

func load() async -> Int {
  var count = 0
  count += 1
  // expect-warning: concurrent_access_of_local_capture #SendableClosureCaptures
  await MainActor.run { print(count) }
  return count
}
