import Foundation
import KataSupport

/// The actor every stage of the image pipeline runs on.
@globalActor
actor ImagePipeline {
  static let shared = ImagePipeline()
}

/// The rendered icons, by URL. Its methods run on the pipeline's actor, so the lock can go.
final class ThumbnailCache: @unchecked Sendable {
  private var thumbnails: [URL: Data] = [:]

  init() {}

  @ImagePipeline
  func thumbnail(for url: URL) -> Data? {
    thumbnails[url]
  }

  @ImagePipeline
  func store(_ thumbnail: Data, for url: URL) {
    thumbnails[url] = thumbnail
  }
}

/// Downloads an icon and renders it as a thumbnail, once per URL.
final class IconRenderer: @unchecked Sendable {
  let cache: ThumbnailCache
  private let transport: SimulatedTransport
  /// How many thumbnails have been rendered.
  private(set) var renderCount = 0

  init(transport: SimulatedTransport, cache: ThumbnailCache) {
    self.transport = transport
    self.cache = cache
  }

  /// The thumbnail of the icon at `url`, from the cache if it is there.
  @ImagePipeline
  func thumbnail(for url: URL) async throws -> Data {
    if let cached = cache.thumbnail(for: url) { return cached }
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    let thumbnail = Data("thumb:".utf8) + bytes
    renderCount += 1
    cache.store(thumbnail, for: url)
    return thumbnail
  }
}
