import Foundation
import KataSupport

/// An image with its metadata, as the detail screen shows it.
struct DetailedImage: Sendable, Equatable {
  let image: Data
  let metadata: String
}

/// Loads a detail screen: the image, then its metadata.
struct ImageService: Sendable {
  let transport: SimulatedTransport
  let diskCache: DiskCache
  let history: ViewHistory

  static func imageURL(_ number: Int) -> URL { URL(string: "https://img.example/\(number).png")! }
  static func metadataURL(_ number: Int) -> URL {
    URL(string: "https://img.example/\(number).json")!
  }

  /// Downloads image `number` and its metadata. Once the image is downloaded it is written to the
  /// disk cache, at background priority, even if this request is cancelled afterwards; the view
  /// is recorded in the history only if the request is not cancelled.
  func downloadImageAndMetadata(imageNumber: Int) async throws -> DetailedImage {
    let image = try await get(Self.imageURL(imageNumber))
    let metadata = String(decoding: try await get(Self.metadataURL(imageNumber)), as: UTF8.self)
    // Not part of this request: a task of its own, which the request's cancellation does not
    // reach, detached so that it inherits neither the request's priority nor its actor.
    Task.detached(priority: .background) { [diskCache] in
      try? await diskCache.store(image, for: imageNumber)
    }
    // Part of this request: cancelled with it.
    try await history.record(imageNumber)
    return DetailedImage(image: image, metadata: metadata)
  }

  private func get(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
