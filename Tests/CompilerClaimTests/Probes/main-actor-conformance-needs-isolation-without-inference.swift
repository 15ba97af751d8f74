// Claim: in the Swift 6 mode without a main-actor default and without InferIsolatedConformances,
//   a `@MainActor` class's plain conformance whose requirement it satisfies with main-actor state
//   is an error: the conformance crosses into main-actor code. Writing `@MainActor` on the
//   conformance (SE-0470) accepts it.
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6

@MainActor final class Model {
  var drinks: [Int] = []
}

// expect-error: conformance_mismatched_isolation_common #ConformanceIsolation
extension Model: CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}

@MainActor final class IsolatedModel {
  var drinks: [Int] = []
}

extension IsolatedModel: @MainActor CustomStringConvertible {
  var description: String { "drinks: \(drinks.count)" }
}
