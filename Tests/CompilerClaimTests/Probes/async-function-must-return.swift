// Claim: a function declared `-> Bool`, async or not, cannot end a path without returning a value.
// Stated in: Exercises/02-async-authorization/README.md
// Flags: -swift-version 5

func requestAuthorization(available: Bool) async -> Bool {
  if available { return true }
}  // expect-error: missing_return_decl
