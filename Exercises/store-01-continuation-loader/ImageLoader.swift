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
    // TODO: call `transport.load(url) { result in ... }` inside
    // `withCheckedThrowingContinuation`, and resume the continuation exactly once on every path.
    throw ImageLoadingError.notImplemented
  }
}
