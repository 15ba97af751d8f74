import Foundation

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

  /// Answers that carry nothing an app asked for, as servers send them, each with what a
  /// check's message calls it: errors with their pages, and statuses outside 2xx that are no
  /// errors: a 304 Not Modified (an empty body, the answer to a conditional request) and a 302
  /// Found whose redirect the client declined (a small HTML page). Only a 2xx answer carries
  /// content, so code that tests `code < 400` or `code != 500` takes one of them for content.
  public static let outside2xx: [(name: String, response: CannedResponse)] = [
    ("404 with an HTML page", .text("<html><body>Not Found</body></html>", status: .notFound)),
    ("500 with an empty body", CannedResponse(status: .serverError, body: Data())),
    ("304 with an empty body", CannedResponse(status: 304, body: Data())),
    ("302 with an HTML page", .text("<html><body>Found</body></html>", status: 302)),
  ]

  /// A 200 response carrying fake image bytes for `name` (see `FakeImage`).
  public static func image(named name: String) -> CannedResponse {
    CannedResponse(body: FakeImage.bytes(named: name))
  }
}
