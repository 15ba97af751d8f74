// Claim: with the main actor as the module's default isolation (SE-0466), a struct's conformance
//   (here the synthesized Codable) is main-actor isolated too (an isolated conformance, SE-0470):
//   an actor that encodes the value is refused; a `nonisolated` struct's conformance is not.
// Stated in: Exercises/14-default-main-actor/README.md
// Flags: -swift-version 6 -default-isolation MainActor

import Foundation

struct Settings: Codable {
  var limit = 400
}

nonisolated struct NonisolatedSettings: Codable {
  var limit = 400
}

actor Store {
  func save(_ settings: Settings) throws -> Data {
    // expect-error: isolated_conformance_wrong_domain #IsolatedConformances
    try JSONEncoder().encode(settings)
  }

  func save(_ settings: NonisolatedSettings) throws -> Data {
    try JSONEncoder().encode(settings)
  }
}
