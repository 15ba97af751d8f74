// Claim: with the main actor as the module's default isolation, also turning on the upcoming
//   feature InferIsolatedConformances (SE-0470) changes nothing here: the same conformance is
//   isolated, and the same use from an actor is refused, as without the feature (see
//   default-isolation-infers-isolated-conformance).
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances

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
