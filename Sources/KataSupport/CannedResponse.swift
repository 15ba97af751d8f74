import Foundation

/// An HTTP status code, as a server would answer.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The numeric code, such as 200.
  public let code: Int

  /// A status with the numeric `code`.
  public init(_ code: Int) {
    self.code = code
  }

  /// A status written as a number literal: `let status: HTTPStatus = 404`.
  public init(integerLiteral code: Int) {
    self.code = code
  }

  /// 200 OK.
  public static let ok = HTTPStatus(200)
  /// 404 Not Found: what the transport answers for a URL without a route.
  public static let notFound = HTTPStatus(404)
  /// 500 Internal Server Error.
  public static let serverError = HTTPStatus(500)

  /// True for the 2xx codes.
  public var isSuccess: Bool { (200..<300).contains(code) }

  /// `HTTP 200`.
  public var description: String { "HTTP \(code)" }
}

/// What the transport answers for one route: a status code and the body bytes.
public struct CannedResponse: Sendable, Equatable {
  /// The status code.
  public var status: HTTPStatus
  /// The body.
  public var body: Data

  /// A response with `status` and `body`.
  public init(status: HTTPStatus = .ok, body: Data) {
    self.status = status
    self.body = body
  }

  /// A 200 response whose body is `text` in UTF-8, such as a JSON document.
  public static func text(_ text: String, status: HTTPStatus = .ok) -> CannedResponse {
    CannedResponse(status: status, body: Data(text.utf8))
  }

  /// A 200 response whose body is `value` encoded as JSON (keys sorted, so the bytes are stable).
  public static func json<Value: Encodable>(_ value: Value, status: HTTPStatus = .ok) throws
    -> CannedResponse
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return CannedResponse(status: status, body: try encoder.encode(value))
  }

  /// A 200 response carrying fake image bytes for `name` (see `FakeImage`).
  public static func image(named name: String) -> CannedResponse {
    CannedResponse(body: FakeImage.bytes(named: name))
  }
}

/// Fake image bytes: a recognisable header and a name, so that a test can tell which image it got
/// without decoding pixels.
public enum FakeImage {
  /// The first bytes of every fake image.
  public static let header = Data("FAKEIMG:".utf8)

  /// The bytes of the fake image called `name`.
  public static func bytes(named name: String) -> Data {
    header + Data(name.utf8)
  }

  /// The name of the fake image in `data`, or nil when `data` is not a fake image.
  public static func name(in data: Data) -> String? {
    guard data.starts(with: header) else { return nil }
    return String(decoding: data.dropFirst(header.count), as: UTF8.self)
  }
}

/// One astronomy picture of the day as NASA's APOD API sends it: snake-case keys, the date as a
/// `yyyy-MM-dd` string, `media_type` either `image` or `video`.
public struct CannedApod: Sendable, Equatable, Codable {
  /// The day, `yyyy-MM-dd`.
  public var date: String
  /// The title.
  public var title: String
  /// The explanation.
  public var explanation: String
  /// The picture's (or video's) URL.
  public var url: String
  /// `image` or `video`.
  public var mediaType: String

  /// A picture. `url` defaults to `https://apod.example/image/<date>.jpg`.
  public init(
    date: String, title: String, explanation: String = "", url: String? = nil,
    mediaType: String = "image"
  ) {
    self.date = date
    self.title = title
    self.explanation = explanation
    self.url = url ?? "https://apod.example/image/\(date).jpg"
    self.mediaType = mediaType
  }

  enum CodingKeys: String, CodingKey {
    case date, title, explanation, url
    case mediaType = "media_type"
  }

  /// The JSON array the API answers for a date range.
  public static func json(_ pictures: [CannedApod]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain strings cannot fail.
    return (try? encoder.encode(pictures)) ?? Data("[]".utf8)
  }
}
