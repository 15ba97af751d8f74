// Claim: an `Optional` of a main-actor type describes its value through a dynamic cast to
//   `CustomStringConvertible`, checked at run time (SE-0470): on the main actor the cast finds
//   the isolated conformance and the summary is printed; on an actor the cast fails, with no
//   diagnostic and no trap, and only the type's name is printed.
// Stated in: Exercises/17-isolated-conformance/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -warnings-as-errors
// Run: exits 0

final class Model {
  var drinks: [Int] = [47]
}

extension Model: @MainActor CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

actor HealthController {
  weak var model: Model?

  init(model: Model) { self.model = model }

  func log() -> String {
    "the model: \(String(describing: model))"
  }
}

func logOnTheMainActor(_ model: Model?) -> String {
  "the model: \(String(describing: model))"
}

let model = Model()
let offMain = await HealthController(model: model).log()
let onMain = logOnTheMainActor(model)
precondition(!offMain.contains("drinks:"), "off the main actor, the cast to the conformance fails")
precondition(onMain.contains("drinks: 1"), "on the main actor, the cast finds the conformance")
