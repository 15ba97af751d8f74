import Foundation
import KataSupport

/// The actor every stage of the image pipeline runs on: one isolation domain, off the main actor,
/// shared by types that call each other synchronously.
@globalActor
actor ImagePipeline {
  static let shared = ImagePipeline()
}

/// The rendered icons, by URL.
@ImagePipeline
final class ThumbnailCache {
  private var thumbnails: [URL: Data] = [:]

  init() {}

  func thumbnail(for url: URL) -> Data? {
    thumbnails[url]
  }

  func store(_ thumbnail: Data, for url: URL) {
    thumbnails[url] = thumbnail
  }
}

/// Downloads an icon and renders it as a thumbnail; an icon rendered before comes from the cache.
@ImagePipeline
final class IconRenderer {
  let cache: ThumbnailCache
  private let transport: SimulatedTransport
  /// How many thumbnails have been rendered.
  private(set) var renderCount = 0

  init(transport: SimulatedTransport, cache: ThumbnailCache) {
    self.transport = transport
    self.cache = cache
  }

  /// The thumbnail of the icon at `url`, from the cache if it is there.
  func thumbnail(for url: URL) async throws -> Data {
    // Same actor as the cache: no await, no hop.
    if let cached = cache.thumbnail(for: url) { return cached }
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    let thumbnail = Drawing.thumbnail(of: bytes)
    renderCount += 1
    cache.store(thumbnail, for: url)
    return thumbnail
  }
}
