import Foundation
import KataSupport

/// A developer account, as the server describes it.
struct User: Sendable, Equatable, Decodable {
  let id: String
  let name: String
  let avatarURL: URL
}

/// One of a user's certificates.
struct Certificate: Sendable, Equatable, Decodable {
  let name: String
}

/// Everything the user page shows.
struct UserPage: Sendable, Equatable {
  let user: User
  let avatar: Data
  let certificates: [Certificate]
}

/// Loads the user page: the user first, then the avatar and the certificates.
struct UserPageLoader: Sendable {
  let transport: SimulatedTransport

  static func userURL(_ id: String) -> URL {
    URL(string: "https://store.example/users/\(id)")!
  }

  static func certificatesURL(_ id: String) -> URL {
    URL(string: "https://store.example/users/\(id)/certificates")!
  }

  /// The user page of `id`: the avatar and the certificates load at the same time, once the user
  /// is known; if any request fails, the page fails with its error.
  func loadUserPage(id: String) async throws -> UserPage {
    let user = try await loadUser(id: id)
    async let avatar = loadAvatar(user.avatarURL)
    let avatarBytes = try await avatar
    async let certificates = loadCertificates(for: user)
    return UserPage(user: user, avatar: avatarBytes, certificates: try await certificates)
  }

  func loadUser(id: String) async throws -> User {
    try JSONDecoder().decode(User.self, from: try await get(Self.userURL(id)))
  }

  func loadAvatar(_ url: URL) async throws -> Data {
    try await get(url)
  }

  func loadCertificates(for user: User) async throws -> [Certificate] {
    try JSONDecoder().decode([Certificate].self, from: try await get(Self.certificatesURL(user.id)))
  }

  private func get(_ url: URL) async throws -> Data {
    let (bytes, status) = try await transport.data(for: url)
    guard status.isSuccess else { throw TransportError.badStatus(status) }
    return bytes
  }
}
