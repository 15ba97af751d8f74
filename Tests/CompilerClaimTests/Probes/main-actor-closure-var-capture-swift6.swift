// Claim: in the Swift 6 mode, a `@MainActor @Sendable` closure that captures a `var` is left to
//   region-based isolation (SE-0414), not to the captured-var check: awaited to completion (as
//   `MainActor.run` is) it gets no diagnostic, even when it mutates the var; escaping while the
//   caller still uses the var (an escaping closure, or `async let` of `MainActor.run`), it is an
//   error: sending the var risks a data race.
// Stated in: Exercises/04-main-actor-run/README.md
// Flags: -swift-version 6

func runOnMainNow(_ body: @MainActor @Sendable () -> Void) async {}
func runOnMainLater(_ body: @escaping @MainActor @Sendable () -> Void) {}

func load() async {
  var count = 0
  count += 1
  await MainActor.run { count += 1 }
  await runOnMainNow { print(count) }
  // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
  runOnMainLater { print(count) }
  print(count)
}

func loadConcurrently() async {
  var count = 0
  count += 1
  // expect-error: regionbasedisolation_named_send_yields_race #SendingRisksDataRace
  async let done: Void = MainActor.run { print(count) }
  count += 1
  await done
}
