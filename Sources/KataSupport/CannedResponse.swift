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

  /// A 200 response carrying fake image bytes for `name` (see `FakeImage`).
  public static func image(named name: String) -> CannedResponse {
    CannedResponse(body: FakeImage.bytes(named: name))
  }
}
