// Claim: the compiler does not see actor reentrancy: a method that reads the actor's state, awaits,
//   and writes state based on the stale read compiles with no diagnostic in the Swift 6 mode.
// Stated in: Exercises/11-no-overlapping-loads/README.md
// Flags: -swift-version 6

actor HealthKitController {
  var anchor = 0
  func query(after anchor: Int) async -> Int { anchor + 1 }
  func load() async {
    let start = anchor
    let newAnchor = await query(after: start)
    anchor = newAnchor
  }
}
