import Foundation
import KataSupport

/// Downloads images and keeps them, so that scrolling back up shows an icon without downloading
/// it again.
actor ImageCache {
  private var cache: [URL: Data] = [:]
  private let transport: SimulatedTransport

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// The image at `url`, downloaded at most once however many callers ask at the same time.
  func image(for url: URL) async throws -> Data {
    if let image = cache[url] {
      return image
    }
    let image = try await download(url)
    // Check again after the await: another call may have filled the cache meanwhile.
    if let cached = cache[url] {
      return cached
    }
    cache[url] = image
    return image
  }

  private func download(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
