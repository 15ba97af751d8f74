/// Errors the transport itself reports.
public enum TransportError: Error, Equatable, Sendable {
  /// The server answered a status other than 2xx (only `load(_:completion:)` reports this; the
  /// async form returns the status for the caller to check).
  case badStatus(HTTPStatus)
  /// A failure a test installed with `fail(_:with:)` when it needs an error of no other kind.
  case offline
}
