// Claim: since Swift 6.0 (SE-0423), a `@MainActor` class may conform to a nonisolated protocol
//   with a `@preconcurrency` conformance whose witness reads main-actor state: it builds with no
//   diagnostic in the Swift 6 mode, with no default isolation and no upcoming feature, and the
//   compiler inserts a run-time check into the witness: used off the main actor, it traps.
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6
// Run: traps

@MainActor final class Model {
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
