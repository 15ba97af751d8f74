// Claim: in the Swift 5 mode with complete checking, a class with unprotected mutable state
//   captured in a `@Sendable` closure gets a warning in the group SendableClosureCaptures; declared
//   `@unchecked Sendable`, the same class gets none, and its state is no safer.
// Stated in: Exercises/05-main-actor-update-model/README.md, Exercises/06-health-controller-actor/README.md
// Flags: -swift-version 5 -strict-concurrency=complete

func runElsewhere(_ work: @escaping @Sendable () -> Void) {}

final class CheckedController {
  var anchor = 0

  func load() {
    // expect-warning: #SendableClosureCaptures
    runElsewhere { self.anchor += 1 }
  }
}

final class PromisedController: @unchecked Sendable {
  var anchor = 0

  func load() {
    runElsewhere { self.anchor += 1 }
  }
}
