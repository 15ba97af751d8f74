import Foundation
import KataSupport

// TODO: make this a global actor, and put the cache and the renderer on it.
actor ImagePipeline {
  static let shared = ImagePipeline()
}

/// The rendered icons, by URL. A lock keeps it safe; the compiler cannot check that it is used
/// right.
final class ThumbnailCache: @unchecked Sendable {
  private let lock = NSLock()
  private var thumbnails: [URL: Data] = [:]

  init() {}

  func thumbnail(for url: URL) -> Data? {
    lock.withLock { thumbnails[url] }
  }

  func store(_ thumbnail: Data, for url: URL) {
    lock.withLock { thumbnails[url] = thumbnail }
  }
}

/// Downloads an icon and renders it as a thumbnail; an icon rendered before comes from the cache.
final class IconRenderer: @unchecked Sendable {
  let cache: ThumbnailCache
  private let transport: SimulatedTransport
  private let lock = NSLock()
  private var rendered = 0

  init(transport: SimulatedTransport, cache: ThumbnailCache) {
    self.transport = transport
    self.cache = cache
  }

  /// How many thumbnails have been rendered.
  var renderCount: Int { lock.withLock { rendered } }

  /// The thumbnail of the icon at `url`, from the cache if it is there.
  func thumbnail(for url: URL) async throws -> Data {
    if let cached = cache.thumbnail(for: url) { return cached }
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    let thumbnail = Drawing.thumbnail(of: bytes)
    lock.withLock { rendered += 1 }
    cache.store(thumbnail, for: url)
    return thumbnail
  }
}
