import Foundation
import KataSupport

/// Downloads many pictures, but never more than `limit` at the same time: a thousand-picture list
/// must not open a thousand connections.
struct BoundedDownloader: Sendable {
  let transport: SimulatedTransport
  /// The most downloads in flight at once; at least 1.
  let limit: Int

  /// The bytes of every URL that downloaded with a 2xx status; failed ones are left out. A new
  /// download starts as soon as one ends, so that `limit` downloads are in flight as long as any
  /// are left.
  func downloadAll(_ urls: [URL]) async -> [URL: Data] {
    await withTaskGroup(of: (URL, Data?).self) { group in
      var pending = urls.makeIterator()
      func startNext() {
        guard let url = pending.next() else { return }
        group.addTask { (url, try? await download(url)) }
      }
      for _ in 0..<max(limit, 1) { startNext() }
      var images: [URL: Data] = [:]
      for await (url, bytes) in group {
        // A failed picture is left out of the result.
        guard let bytes else { continue }
        images[url] = bytes
        startNext()
      }
      return images
    }
  }

  private func download(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
