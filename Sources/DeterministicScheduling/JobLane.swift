/// Where a job runs, as the scheduler orders it.
public enum JobLane: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The main queue and the main actor: one serial lane, as on the platform, where main-actor
  /// jobs and `DispatchQueue.main` blocks share one queue.
  case main
  /// A serial queue of the app's own: its jobs run one after the other, in the order queued.
  case serial(String)
  /// The global executor or a global queue: each job on its own, ordered with nothing but what
  /// queued it.
  case concurrent(String)

  public var description: String {
    switch self {
    case .main: "main"
    case .serial(let name): name
    case .concurrent(let name): name
    }
  }

  /// Whether the lane runs its jobs one at a time, in order.
  public var isSerial: Bool {
    if case .concurrent = self { false } else { true }
  }
}
