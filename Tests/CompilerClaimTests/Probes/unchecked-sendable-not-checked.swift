// Claim: `@unchecked Sendable` is a promise the compiler cannot check: a class with unprotected
//   mutable state, marked so, is shared between tasks with no diagnostic in the Swift 6 mode;
//   without the promise the same class is refused.
// Stated in: Exercises/store-07-global-actor/README.md, Exercises/exercises.json
// Flags: -swift-version 6

final class ThumbnailCache: @unchecked Sendable {
  var images: [String: [UInt8]] = [:]
}

final class Checked: Sendable {
  var images: [String: [UInt8]] = [:]  // expect-error: concurrent_value_class_mutable_property
}

func share(_ cache: ThumbnailCache) async {
  async let first: Void = { cache.images["a"] = [] }()
  async let second: Void = { cache.images["b"] = [] }()
  _ = await (first, second)
}
