// Claim: types on one global actor call each other synchronously, like ordinary code; separate
//   actors need an `await` for every call; code outside the global actor reaches it with `await`.
// Stated in: Exercises/store-07-global-actor/README.md
// Flags: -swift-version 6

@globalActor actor ImagePipeline {
  static let shared = ImagePipeline()
}

@ImagePipeline final class ThumbnailCache {
  var images: [String: [UInt8]] = [:]
}

@ImagePipeline final class IconRenderer {
  let cache = ThumbnailCache()
  func render(_ name: String) -> [UInt8] { cache.images[name] ?? [] }
}

actor CacheActor {
  var images: [String: [UInt8]] = [:]
}

actor RendererActor {
  let cache = CacheActor()
  func render(_ name: String) async -> [UInt8] {
    _ = cache.images[name]  // expect-error: actor_isolated_access_outside_of_actor_context
    return await cache.images[name] ?? []
  }
}

func outside(_ renderer: IconRenderer) async -> [UInt8] {
  await renderer.render("icon")
}
