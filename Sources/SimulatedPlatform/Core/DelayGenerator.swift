import Foundation

/// Draws delays for latencies, seeded per operation: the n-th operation of a kind (the n-th
/// query callback, the n-th file write) always gets the same delay for a seed, whatever the
/// other kinds of operation did in between. (One generator shared in draw order would give a
/// query the delay meant for a write whenever a thread drew first.) Two operations of one
/// kind issued at once from two threads can still swap places: the platform cannot order
/// those.
final class DelayGenerator: Sendable {
  private let seed: UInt64
  private let issued = PlatformLock<[String: UInt64]>([:])

  init(seed: UInt64) {
    self.seed = seed
  }

  /// The delay of the next operation of `kind` (such as "health query" or "file write").
  func delay(for latency: Latency, kind: String) -> TimeInterval {
    switch latency {
    case .none: return 0
    case .fixed(let seconds): return seconds
    case .jittered(let range):
      let index = issued.withLock { issued in
        defer { issued[kind, default: 0] += 1 }
        return issued[kind, default: 0]
      }
      var generator = SeededGenerator(seed: seed ^ Self.stableHash(kind) ^ (index &* 0x9E37_79B9))
      return Double.random(in: range, using: &generator)
    }
  }

  /// FNV-1a: the same in every process, unlike `Hasher`.
  private static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}
