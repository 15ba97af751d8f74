import Foundation
import KataSupport

/// Downloads images and keeps them, so that scrolling back up shows an icon without downloading
/// it again.
final class ImageCache {
  private enum Entry {
    /// Downloaded.
    case ready(Data)
    /// Being downloaded: whoever asks meanwhile waits for this download.
    case inProgress(Task<Data, any Error>)
  }

  private var entries: [URL: Entry] = [:]
  private let transport: SimulatedTransport

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// The image at `url`, downloaded at most once however many callers ask at the same time.
  func image(for url: URL) async throws -> Data {
    switch entries[url] {
    case .ready(let image):
      return image
    case .inProgress(let download):
      return try await download.value
    case nil:
      break
    }
    // Record the download before the first await, so that a call that comes in while this one
    // is suspended finds it.
    // No await between the lookup and this line: nothing can come in between.
    let download = Task { [transport] in try await ImageCache.download(url, from: transport) }
    entries[url] = .inProgress(download)
    do {
      let image = try await download.value
      entries[url] = .ready(image)
      return image
    } catch {
      entries[url] = nil
      throw error
    }
  }

  private static func download(_ url: URL, from transport: SimulatedTransport) async throws -> Data
  {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
