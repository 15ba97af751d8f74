import Foundation
import KataSupport

/// Loads the icons of a search result page.
struct IconLoader: Sendable {
  let transport: SimulatedTransport

  /// The icons at `urls`, in the order of `urls`, all loading at the same time. If one fails,
  /// the whole load fails with its error and the loads still running are cancelled.
  func loadIcons(_ urls: [URL]) async throws -> [Data] {
    try await withThrowingTaskGroup(of: Data.self) { group in
      for url in urls {
        group.addTask { try await loadIcon(url) }
      }
      var icons: [Data] = []
      for try await icon in group {
        icons.append(icon)
      }
      return icons
    }
  }

  func loadIcon(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
