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

  /// The thumbnails of the images among `pictures` (videos have none), each as soon as it has
  /// been downloaded. The stream finishes once every download has ended; a failed download is
  /// skipped. When the listener stops listening, the downloads still running are cancelled.
  nonisolated func thumbnails(for pictures: [Picture]) -> AsyncStream<Thumbnail> {
    AsyncStream { continuation in
      // TODO: download every image at once in a task group and yield each thumbnail as soon as
      // its download ends; cancel what is left when the listener goes away.
      Task {
        for picture in pictures where picture.isImage {
          if let bytes = try? await self.fetchImage(url: picture.url) {
            continuation.yield(Thumbnail(url: picture.url, bytes: bytes))
          }
        }
        continuation.finish()
      }
    }
  }

  /// The image at `url`; throws for any status but 2xx.
  func fetchImage(url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
