// Claim: in the Swift 6 mode, a plain `@Sendable` closure (not isolated to a global actor) that
//   captures a `var`, escaping or not, is an error: a captured var in concurrently-executing code.
// Stated in: Exercises/04-main-actor-run/README.md
// Flags: -swift-version 6

func runNow(_ body: @Sendable () -> Void) { body() }
func runLater(_ body: @escaping @Sendable () -> Void) { body() }

func load() {
  var count = 0
  count += 1
  // expect-error: concurrent_access_of_local_capture #SendableClosureCaptures
  runNow { print(count) }
  // expect-error: concurrent_access_of_local_capture #SendableClosureCaptures
  runLater { print(count) }
  // expect-error: concurrent_access_of_local_capture #SendableClosureCaptures
  let body: @Sendable () -> Void = { print(count) }
  body()
}
