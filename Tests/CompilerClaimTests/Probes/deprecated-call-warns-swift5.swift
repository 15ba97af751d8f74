// Claim: in the Swift 5 mode, a call to a declaration marked `@available(*, deprecated)` gets a
//   warning in the group DeprecatedDeclaration.
// Stated in: Exercises/10-background-task-awaits/README.md
// Flags: -swift-version 5

@available(*, deprecated, message: "Prefer async alternative instead")
func loadNewDataFromHealthKit(completionHandler: @escaping (Bool) -> Void) {}

func handle() {
  // expect-warning: availability_deprecated #DeprecatedDeclaration
  loadNewDataFromHealthKit { _ in }
}
