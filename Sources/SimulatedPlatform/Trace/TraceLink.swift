/// An arrow between two events of a trace.
public struct TraceLink: Hashable, Sendable {
  /// What the arrow stands for.
  public enum Kind: String, Hashable, Sendable {
    /// A task moved to another lane: a call into an actor, its return, or an `await` resuming.
    case hop
    /// A platform request and the callback that answers it.
    case callback
    /// A background task handed to the app and its completion.
    case completion
    /// A file write started and its outcome.
    case write
  }

  /// The `order` of the event the arrow starts from.
  public let from: Int
  /// The `order` of the event it points to.
  public let to: Int
  public let kind: Kind
}
