// Claim: in a module whose default isolation is the main actor (SE-0466), a main-actor type's
//   conformance written without `@MainActor` is main-actor isolated all the same (SE-0470's
//   inference): an actor's use of it is refused, with no upcoming feature turned on.
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault

final class Model {
  var drinks: [Int] = []
}

extension Model: CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

actor HealthController {
  func log(_ model: Model) -> String {
    // expect-error: isolated_conformance_wrong_domain #IsolatedConformances
    "the model: \(model)"
  }
}
