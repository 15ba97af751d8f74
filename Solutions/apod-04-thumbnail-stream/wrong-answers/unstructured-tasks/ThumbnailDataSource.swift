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
    // One task per image: they all download at once, and each yields as soon as it is done.
    for picture in images {
      Task {
        guard let bytes = try? await self.fetchImage(url: picture.url) else { return }
        continuation.yield(Thumbnail(url: picture.url, bytes: bytes))
      }
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
