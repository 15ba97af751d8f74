import Foundation

/// How long a simulated operation takes before it completes.
public enum Latency: Hashable, Sendable {
  /// Completes as soon as the queue gets to it.
  case none
  /// Always takes this many seconds.
  case fixed(TimeInterval)
  /// Takes a random time in this range, drawn from the platform's seeded generator.
  case jittered(ClosedRange<TimeInterval>)
}
