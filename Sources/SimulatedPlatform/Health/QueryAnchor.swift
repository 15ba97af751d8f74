/// Marks a point in the health store's history: an anchored query returns what changed since.
public struct QueryAnchor: Hashable, Sendable, Codable {
  let version: Int
}
