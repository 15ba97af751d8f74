/// Marks a point in the health store's history: an anchored query returns what changed since.
public struct QueryAnchor: Hashable, Sendable, Codable, CustomStringConvertible {
  let version: Int

  /// "anchor 3": the store's history up to its third change.
  public var description: String { "anchor \(version)" }
}
