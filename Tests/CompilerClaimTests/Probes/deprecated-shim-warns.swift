// Claim: a call to a declaration marked `@available(*, deprecated)` gets a warning, which
//   `-warnings-as-errors` (the lab's Swift 6 targets) turns into an error.
// Stated in: Exercises/02-async-authorization/README.md, Exercises/12-swift-6-mode/README.md
// Flags: -swift-version 6 -warnings-as-errors

@available(*, deprecated, message: "Use the async form")
func requestAuthorization(completion: @escaping @Sendable (Bool) -> Void) {}

func applicationDidBecomeActive() {
  requestAuthorization { _ in }  // expect-error: availability_deprecated #DeprecatedDeclaration
}
