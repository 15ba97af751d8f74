// Claim: interpolating an optional in a string is a warning, an error with warnings as errors;
//   `String(describing:)`, which the compiler suggests, compiles with no diagnostic, even when
//   the wrapped type's conformance is isolated to the main actor and the code runs on an actor.
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -warnings-as-errors

final class Model {
  var drinks: [Int] = []
}

extension Model: @MainActor CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

actor HealthController {
  weak var model: Model?

  func interpolates() -> String {
    // expect-error: debug_description_in_string_interpolation_segment
    "the model: \(model)"
  }

  func describes() -> String {
    "the model: \(String(describing: model))"
  }
}
