// Claim: a `@preconcurrency` conformance of a main-actor type compiles with no diagnostic, and an
//   actor may then interpolate the value; the check moves to run time, where the use off the
//   main actor traps.
// Stated in: Exercises/17-isolated-conformance/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: traps

final class Model {
  var drinks: [Int] = [47]
}

extension Model: @preconcurrency CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

actor HealthController {
  let model: Model

  init(model: Model) { self.model = model }

  func log() -> String {
    "the model: \(model)"
  }
}

print(await HealthController(model: Model()).log())
