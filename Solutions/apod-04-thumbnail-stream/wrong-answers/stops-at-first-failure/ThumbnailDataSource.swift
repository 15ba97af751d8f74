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
      let producer = Task {
        await self.download(pictures.filter(\.isImage), into: continuation)
      }
      continuation.onTermination = { _ in producer.cancel() }
    }
  }

  private func download(_ images: [Picture], into continuation: AsyncStream<Thumbnail>.Continuation)
    async
  {
    do {
      try await withThrowingTaskGroup(of: Thumbnail.self) { group in
        for picture in images {
          group.addTask {
            Thumbnail(url: picture.url, bytes: try await self.fetchImage(url: picture.url))
          }
        }
        for try await thumbnail in group {
          continuation.yield(thumbnail)
        }
      }
    } catch {
      // A failed download has no thumbnail to show.
    }
    continuation.finish()
  }

  /// The image at `url`; throws for any status but 2xx.
  func fetchImage(url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
