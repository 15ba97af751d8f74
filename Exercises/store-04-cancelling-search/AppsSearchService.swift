import Foundation
import KataSupport

/// One app in the search results, independent of the server's model.
struct AppEntity: Sendable, Equatable {
  let id: Int
  let name: String
  let developer: String
  /// Its place in the results, from 0.
  let position: Int
}

/// Searches the App Store through the transport.
///
/// Like many real services, its search cannot be cancelled: once asked, the request runs to its
/// end and its answer comes back, even if the task that asked has been cancelled since.
actor AppsSearchService {
  private struct Entries: Decodable {
    let results: [Entry]
  }

  private struct Entry: Decodable {
    let trackId: Int
    let trackName: String
    let artistName: String
  }

  private let transport: SimulatedTransport

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// The URL of the search for `query`.
  static func url(for query: String) -> URL {
    var components = URLComponents()
    components.scheme = "https"
    components.host = "itunes.example"
    components.path = "/search"
    components.queryItems = [
      URLQueryItem(name: "entity", value: "software"),
      URLQueryItem(name: "term", value: query),
    ]
    guard let url = components.url else { preconditionFailure("cannot build a search URL") }
    return url
  }

  /// The apps found for `query`.
  func search(_ query: String) async throws -> [AppEntity] {
    let url = Self.url(for: query)
    let bytes = try await withCheckedThrowingContinuation { continuation in
      transport.load(url) { continuation.resume(with: $0) }
    }
    let entries = try JSONDecoder().decode(Entries.self, from: bytes)
    return entries.results.enumerated().map { position, entry in
      AppEntity(
        id: entry.trackId, name: entry.trackName, developer: entry.artistName, position: position)
    }
  }
}
