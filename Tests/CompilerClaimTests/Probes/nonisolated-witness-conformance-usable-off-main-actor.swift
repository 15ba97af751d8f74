// Claim: a conformance whose only witness is `nonisolated` is not isolated (SE-0470's inference):
//   an actor may use it with no diagnostic; `MainActor.assumeIsolated` inside the witness moves
//   the check to run time, where the use off the main actor traps.
// Stated in: Exercises/17-isolated-conformance/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: traps

final class Model {
  var drinks: [Int] = [47]
}

extension Model: CustomStringConvertible {
  nonisolated var description: String {
    MainActor.assumeIsolated { "drinks: \(drinks.count)" }
  }
}

actor HealthController {
  let model: Model

  init(model: Model) { self.model = model }

  func log() -> String {
    "the model: \(model)"
  }
}

print(await HealthController(model: Model()).log())
