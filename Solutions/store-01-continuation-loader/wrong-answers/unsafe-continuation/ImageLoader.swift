import Foundation
import KataSupport

/// Why an image could not be loaded, beyond the transport's own errors.
enum ImageLoadingError: Error, Equatable {
  /// The bytes arrived but are not an image.
  case cannotDecode
  /// Not written yet.
  case notImplemented
}

/// Loads app icons. The transport only has a completion-handler API: `load(_:completion:)` calls
/// its handler once, later, on a queue of its own choosing.
struct ImageLoader: Sendable {
  let transport: SimulatedTransport

  /// The image at `url`. Throws the transport's error when the load fails, and
  /// `ImageLoadingError.cannotDecode` when the bytes are not an image.
  func loadImage(for url: URL) async throws -> Data {
    // The unsafe continuation skips the checked one's bookkeeping: every path below resumes
    // exactly once anyway.
    try await withUnsafeThrowingContinuation { continuation in
      transport.load(url) { result in
        switch result {
        case .failure(let error):
          continuation.resume(throwing: error)
        case .success(let bytes):
          guard FakeImage.name(in: bytes) != nil else {
            continuation.resume(throwing: ImageLoadingError.cannotDecode)
            return
          }
          continuation.resume(returning: bytes)
        }
      }
    }
  }
}
