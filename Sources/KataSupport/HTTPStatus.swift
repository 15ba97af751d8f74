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
