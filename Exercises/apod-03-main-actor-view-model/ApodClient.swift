import Foundation
import KataSupport

/// One astronomy picture of the day.
struct ApodPicture: Sendable, Equatable, Decodable {
  let date: String
  let title: String
  let url: URL
}

/// Why a fetch failed.
enum ApodNetworkingError: Error, Equatable {
  case invalidServerResponse(HTTPStatus)
  case decodingFailed
}

/// The networking layer (the previous kata's, shortened): fetches a date range off the main
/// actor.
actor ApodClient {
  private let transport: SimulatedTransport

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// The API's URL for the pictures from `start` to `end`, both days included (UTC days).
  static func url(from start: Date, to end: Date) -> URL {
    let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    var components = URLComponents()
    components.scheme = "https"
    components.host = "api.nasa.example"
    components.path = "/planetary/apod"
    components.queryItems = [
      URLQueryItem(name: "start_date", value: start.formatted(day)),
      URLQueryItem(name: "end_date", value: end.formatted(day)),
    ]
    guard let url = components.url else { preconditionFailure("cannot build an APOD URL") }
    return url
  }

  /// The pictures from `start` to `end`, both included.
  func fetchPictures(from start: Date, to end: Date) async throws -> [ApodPicture] {
    let (data, status) = try await transport.data(for: Self.url(from: start, to: end))
    guard status == .ok else { throw ApodNetworkingError.invalidServerResponse(status) }
    do {
      return try JSONDecoder().decode([ApodPicture].self, from: data)
    } catch {
      throw ApodNetworkingError.decodingFailed
    }
  }
}

/// Where fetched pictures are kept, so that the list can show them offline.
protocol PictureStore: Sendable {
  func save(_ pictures: [ApodPicture]) async throws
}
