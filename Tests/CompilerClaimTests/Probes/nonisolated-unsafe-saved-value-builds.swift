// Claim: in step 16's module, `nonisolated(unsafe) var savedValue` on the store actor builds with
//   no diagnostic, even with warnings as errors, and a `@concurrent` `load()` may then assign it
//   directly: the compiler's check is off, not satisfied.
// Stated in: Exercises/16-mutex-saved-value/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -warnings-as-errors

actor Store {
  nonisolated(unsafe) var savedValue: [Int] = []

  func save(_ drinks: [Int]) {
    if savedValue == drinks { return }
    savedValue = drinks
  }

  @concurrent nonisolated func load() async -> [Int] {
    let drinks = [1]
    savedValue = drinks
    return drinks
  }
}
