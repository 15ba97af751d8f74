import Foundation
import KataSupport

/// One entry of the picture list: what the thumbnail loader needs to know.
struct Picture: Sendable, Hashable {
  let date: String
  let title: String
  let url: URL
  let isImage: Bool
}

/// A downloaded thumbnail: the picture's URL and the image bytes.
struct Thumbnail: Sendable, Equatable {
  let url: URL
  let bytes: Data
}

/// Downloads the thumbnails of a picture list, off the main actor.
actor ThumbnailDataSource {
  private let transport: SimulatedTransport

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// Starts every download at once, but waits for them in the order of the list: a slow first
  /// picture holds back every thumbnail behind it.
  nonisolated func thumbnails(for pictures: [Picture]) -> AsyncStream<Thumbnail> {
    AsyncStream { continuation in
      let producer = Task {
        let downloads = pictures.filter(\.isImage).map { picture in
          (picture.url, Task { try await self.fetchImage(url: picture.url) })
        }
        for (url, download) in downloads {
          if let bytes = try? await download.value {
            continuation.yield(Thumbnail(url: url, bytes: bytes))
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in producer.cancel() }
    }
  }

  /// The image at `url`; throws for any status but 2xx.
  func fetchImage(url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
