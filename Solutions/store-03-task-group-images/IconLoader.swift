import Foundation
import KataSupport

/// Loads the icons of a search result page.
struct IconLoader: Sendable {
  let transport: SimulatedTransport

  /// The icons at `urls`, in the order of `urls`, all loading at the same time. If one fails,
  /// the whole load fails with its error and the loads still running are cancelled.
  func loadIcons(_ urls: [URL]) async throws -> [Data] {
    try await withThrowingTaskGroup(of: (Int, Data).self) { group in
      for (index, url) in urls.enumerated() {
        group.addTask { (index, try await loadIcon(url)) }
      }
      var icons = [Data?](repeating: nil, count: urls.count)
      for try await (index, icon) in group {
        icons[index] = icon
      }
      return icons.compactMap { $0 }
    }
  }

  func loadIcon(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
