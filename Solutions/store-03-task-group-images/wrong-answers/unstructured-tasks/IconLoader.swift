import Foundation
import KataSupport

/// Loads the icons of a search result page.
struct IconLoader: Sendable {
  let transport: SimulatedTransport

  /// The icons at `urls`, in the order of `urls`, all loading at the same time. If one fails,
  /// the whole load fails with its error and the loads still running are cancelled.
  func loadIcons(_ urls: [URL]) async throws -> [Data] {
    // Every load starts at once; awaiting them in the order of `urls` keeps that order.
    let loads = urls.map { url in Task { try await loadIcon(url) } }
    var icons: [Data] = []
    for load in loads {
      icons.append(try await load.value)
    }
    return icons
  }

  func loadIcon(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
