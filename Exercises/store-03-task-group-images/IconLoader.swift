import Foundation
import KataSupport

/// Loads the icons of a search result page.
struct IconLoader: Sendable {
  let transport: SimulatedTransport

  /// The icons at `urls`, in the order of `urls`, all loading at the same time. If one fails,
  /// the whole load fails with its error and the loads still running are cancelled.
  func loadIcons(_ urls: [URL]) async throws -> [Data] {
    // TODO: rewrite with a task group; the icons must come back in the order of `urls`.
    try await withCheckedThrowingContinuation { continuation in
      let group = DispatchGroup()
      let results = LockedValue<[Result<Data, any Error>]>([])
      for url in urls {
        group.enter()
        transport.load(url) { result in
          results.withLock { $0.append(result) }
          group.leave()
        }
      }
      group.notify(queue: .global()) {
        continuation.resume(with: Result { try results.current.map { try $0.get() } })
      }
    }
  }

  func loadIcon(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
