/// One place where code runs, as a lane of a diagram: a queue, an actor, a platform callback or
/// an unstructured task.
///
/// The platform derives the lane of each event from where its caller was: the queue it ran on
/// (`ExecutionContext`), the actor it was isolated to (`#isolation`, SE-0420) and the task it
/// belonged to. The app's code never names its lanes.
public enum Lane: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The main queue, which is also where the main actor runs.
  case main
  /// A serial queue the app registered, such as its background queue.
  case queue(String)
  /// An actor other than the main actor, by type name, such as `CoffeeDataStore`.
  case actor(String)
  /// A platform callback on a global queue, such as the health store's query callback.
  case callback(String)
  /// An unstructured task running on the concurrency runtime's pool, numbered in order of
  /// first appearance.
  case task(Int)
  /// A global queue or pool thread outside any task.
  case elsewhere

  public var description: String {
    switch self {
    case .main: "main"
    case .queue(let name): name
    case .actor(let name): "actor \(name)"
    case .callback(let name): "\(name) callback"
    case .task(let number): "task \(number)"
    case .elsewhere: "elsewhere"
    }
  }

  /// The order of lanes in a diagram: the main lane first, then the app's own queues and actors,
  /// then the platform's callbacks and the tasks.
  private var rank: Int {
    switch self {
    case .main: 0
    case .queue: 1
    case .actor: 2
    case .callback: 3
    case .task: 4
    case .elsewhere: 5
    }
  }

  public static func < (lhs: Lane, rhs: Lane) -> Bool {
    if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
    return lhs.description < rhs.description
  }
}
