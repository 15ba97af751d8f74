import Foundation
import KataSupport

/// One astronomy picture of the day, as the API describes it.
struct ApodPicture: Sendable, Equatable, Decodable {
  enum MediaType: String, Sendable, Decodable {
    case image, video
  }

  let date: String
  let title: String
  let explanation: String
  let url: URL
  let mediaType: MediaType

  enum CodingKeys: String, CodingKey {
    case date, title, explanation, url
    case mediaType = "media_type"
  }
}

/// Everything that can go wrong fetching pictures, and nothing else.
enum ApodNetworkingError: Error, Equatable {
  /// The range ends before it starts; nothing was requested.
  case invalidDateRange
  /// The server answered with a status other than 200.
  case invalidServerResponse(HTTPStatus)
  /// The answer is not the JSON the API promises.
  case decodingFailed
  /// The request failed before any answer (no connection, timeout...).
  case transportFailed
  /// The task that asked was cancelled.
  case cancelled
}

/// What the view model needs of the network.
protocol ApodNetworking: Sendable {
  func fetchPictures(from start: Date, to end: Date) async throws(ApodNetworkingError)
    -> [ApodPicture]
}

/// The APOD networking layer: builds the URL, fetches, validates and decodes, off the main actor.
actor ApodClient: ApodNetworking {
  private let transport: SimulatedTransport
  private let apiKey: String
  private let decoder = JSONDecoder()

  init(transport: SimulatedTransport, apiKey: String = "DEMO_KEY") {
    self.transport = transport
    self.apiKey = apiKey
  }

  /// The API's URL for the pictures from `start` to `end`, both days included (UTC days).
  static func url(from start: Date, to end: Date, apiKey: String = "DEMO_KEY") -> URL {
    let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    var components = URLComponents()
    components.scheme = "https"
    components.host = "api.nasa.example"
    components.path = "/planetary/apod"
    components.queryItems = [
      URLQueryItem(name: "start_date", value: start.formatted(day)),
      URLQueryItem(name: "end_date", value: end.formatted(day)),
      URLQueryItem(name: "api_key", value: apiKey),
    ]
    guard let url = components.url else { preconditionFailure("cannot build an APOD URL") }
    return url
  }

  /// The pictures from `start` to `end`, both included.
  func fetchPictures(from start: Date, to end: Date) async throws(ApodNetworkingError)
    -> [ApodPicture]
  {
    guard start <= end else { throw .invalidDateRange }
    let url = Self.url(from: start, to: end, apiKey: apiKey)
    let data: Data
    let status: HTTPStatus
    do {
      (data, status) = try await transport.data(for: url)
    } catch let error as URLError where error.code == .cancelled {
      // WRONG: only URLSession's form of cancellation counts; a CancellationError from any
      // other API (or Task.checkCancellation()) falls through to transportFailed.
      throw .cancelled
    } catch {
      throw .transportFailed
    }
    guard status == .ok else { throw .invalidServerResponse(status) }
    do {
      return try decoder.decode([ApodPicture].self, from: data)
    } catch {
      throw .decodingFailed
    }
  }
}
