// Claim: with InferIsolatedConformances (SE-0470), a conformance of a main-actor type is inferred
//   main-actor isolated, except that it is inferred `nonisolated` when the protocol inherits
//   `SendableMetatype` (as every `Sendable` protocol does; then a main-actor witness is an
//   error) or when every witness is `nonisolated` (then an actor may use it).
// Stated in: Exercises/17-isolated-conformance/README.md
// Flags: -swift-version 6 -enable-upcoming-feature InferIsolatedConformances

protocol Labelled: SendableMetatype {
  var label: String { get }
}

// expect-error: conformance_mismatched_isolation_common #ConformanceIsolation
@MainActor final class Model: Labelled {
  var drinks: [Int] = [47]
  var label: String { "drinks: \(drinks.count)" }
}

@MainActor final class Summary: CustomStringConvertible {
  nonisolated var description: String { "a summary" }
}

@MainActor final class Tally: CustomStringConvertible {
  var count = 2
  var description: String { "count: \(count)" }
}

actor HealthController {
  func log(_ summary: Summary) -> String {
    "the summary: \(summary)"
  }

  func log(_ tally: Tally) -> String {
    "the tally: \(tally)"  // expect-error: isolated_conformance_wrong_domain #IsolatedConformances
  }
}
