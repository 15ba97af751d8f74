// Claim: a main-actor isolated conformance (SE-0470), written `extension T: @MainActor P`, can be
//   used on the main actor only: an actor that interpolates the value in a string or passes it
//   to `String(describing:)` is refused; the same actor may `await` the main-actor property
//   itself and get its value, a Sendable String.
// Stated in: Exercises/17-isolated-conformance/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault

final class Model {
  var drinks: [Int] = []
}

extension Model: @MainActor CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

actor HealthController {
  let model: Model

  init(model: Model) { self.model = model }

  func interpolates() -> String {
    // expect-error: isolated_conformance_wrong_domain #IsolatedConformances
    "the model: \(model)"
  }

  func describes() -> String {
    // expect-error: isolated_conformance_wrong_domain #IsolatedConformances
    String(describing: model)
  }

  func awaitsTheProperty() async -> String {
    let summary = await model.description
    return "the model: \(summary)"
  }
}

func logsOnTheMainActor(_ model: Model) -> String {
  "the model: \(model)"
}
