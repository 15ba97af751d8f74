import SimulatedPlatform

/// What an entry counts as evidence when two of a run's events are unordered: nothing, two
/// accesses to one location (a data race), or two events whose order the app must guarantee.
public enum UnorderedEvidence: Sendable {
  /// The entry is no race of events: a hang, a blocking call.
  case none
  /// A data race: the accesses to shared state each event stands for (the platform sees them
  /// through what they leave behind: a log line written right after a variable was, a published
  /// property written, a callback that writes state as it runs). "A race seen" takes two of them
  /// to one location, at least one a write.
  case memory(@Sendable (TraceEvent) -> [MemoryAccess])
  /// An order the app must guarantee: every event `first` picks must happen before every event
  /// `then` picks. Two such events that nothing orders either way are "an order nothing
  /// guarantees".
  case ordering(first: @Sendable (TraceEvent) -> Bool, then: @Sendable (TraceEvent) -> Bool)
}

/// One access to shared state that an event stands for.
public struct MemoryAccess: Hashable, Sendable {
  /// The variable, qualified by the actor it is isolated to when the access is made in isolated
  /// code: code isolated to an actor reaches that actor's state, never another's.
  public let location: String
  public let isWrite: Bool

  /// An access to `variable` made by `event`: the variable of the actor the event's code is
  /// isolated to, if any.
  public static func write(_ variable: String, by event: TraceEvent) -> MemoryAccess {
    MemoryAccess(location: qualified(variable, event), isWrite: true)
  }

  public static func read(_ variable: String, by event: TraceEvent) -> MemoryAccess {
    MemoryAccess(location: qualified(variable, event), isWrite: false)
  }

  private static func qualified(_ variable: String, _ event: TraceEvent) -> String {
    event.isolation.map { "\(variable) of \($0)" } ?? variable
  }
}
