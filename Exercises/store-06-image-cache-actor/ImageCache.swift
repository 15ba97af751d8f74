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
    // TODO: two calls for the same URL that overlap both miss the cache and download twice:
    // while this call awaits the download, the actor lets the other one in.
    if let image = cache[url] {
      return image
    }
    let image = try await download(url)
    cache[url] = image
    return image
  }

  private func download(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
