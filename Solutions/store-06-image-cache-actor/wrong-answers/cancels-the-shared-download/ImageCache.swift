import Foundation
import KataSupport

/// Downloads images and keeps them, so that scrolling back up shows an icon without downloading
/// it again.
actor ImageCache {
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
      return try await value(of: download)
    case nil:
      break
    }
    // Record the download before the first await, so that a call that comes in while this one
    // is suspended finds it.
    let download = Task { try await self.download(url) }
    entries[url] = .inProgress(download)
    do {
      let image = try await value(of: download)
      entries[url] = .ready(image)
      return image
    } catch {
      entries[url] = nil
      throw error
    }
  }

  /// The download's image. A caller that is cancelled stops the download: nobody should keep
  /// downloading for a cell that scrolled away.
  private func value(of download: Task<Data, any Error>) async throws -> Data {
    try await withTaskCancellationHandler {
      try await download.value
    } onCancel: {
      download.cancel()
    }
  }

  private func download(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
