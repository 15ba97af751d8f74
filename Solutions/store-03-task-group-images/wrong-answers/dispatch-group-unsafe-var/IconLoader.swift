import Foundation
import KataSupport

/// Loads the icons of a search result page.
struct IconLoader: Sendable {
  let transport: SimulatedTransport

  /// The icons at `urls`, in the order of `urls`, all loading at the same time. If one fails,
  /// the whole load fails with its error and the loads still running are cancelled.
  func loadIcons(_ urls: [URL]) async throws -> [Data] {
    // The DispatchGroup works: only the order was wrong. Each callback writes its own index, so
    // the lock is not needed.
    try await withCheckedThrowingContinuation { continuation in
      let group = DispatchGroup()
      nonisolated(unsafe) var icons = [Data?](repeating: nil, count: urls.count)
      nonisolated(unsafe) var failure: (any Error)?
      for (index, url) in urls.enumerated() {
        group.enter()
        transport.load(url) { result in
          switch result {
          case .success(let icon): icons[index] = icon
          case .failure(let error): failure = error
          }
          group.leave()
        }
      }
      group.notify(queue: .global()) {
        if let failure {
          continuation.resume(throwing: failure)
        } else {
          continuation.resume(returning: icons.compactMap { $0 })
        }
      }
    }
  }

  func loadIcon(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
