// Claim: a type whose stored property has a wrapper with a `@MainActor` `wrappedValue` is
//   inferred `@MainActor` in the Swift 5 language mode (as the talk says of a view with an
//   `@EnvironmentObject`); SE-0401 removes that inference in the Swift 6 mode. This probe is the
//   Swift 6 half: the same off-main synchronous call is accepted, the type being nonisolated.
// Stated in: Exercises/09-main-actor-model/README.md
// Flags: -swift-version 6

@propertyWrapper
struct MainActorWrapper<Value> {
  private var stored: Value
  init(wrappedValue: Value) { stored = wrappedValue }
  @MainActor var wrappedValue: Value {
    get { stored }
    set { stored = newValue }
  }
}

final class View {
  @MainActorWrapper var count = 0
  func render() {}
}

func draw(_ view: View) {
  view.render()
}
