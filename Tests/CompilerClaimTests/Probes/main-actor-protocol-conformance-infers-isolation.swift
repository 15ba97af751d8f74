// Claim: a class that conforms to a `@MainActor` protocol in its primary declaration is inferred
//   `@MainActor` as a whole; a conformance added in an extension isolates only that extension's
//   members.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6

@MainActor protocol ComplicationDataSource {
  func currentEntry() -> Int
}

final class ComplicationController: ComplicationDataSource {
  var count = 0
  func currentEntry() -> Int { count }
}

final class LateController {
  var count = 0
}

extension LateController: ComplicationDataSource {
  func currentEntry() -> Int { count }
}

nonisolated func read(_ primary: ComplicationController, _ late: LateController) -> Int {
  _ = late.count
  _ = late.currentEntry()  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
  return primary.count  // expect-error: actor_isolated_non_self_reference
}
