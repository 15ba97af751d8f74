/// Everything a traced run recorded: its events in order and the links between them.
public struct Trace: Sendable {
  public let events: [TraceEvent]
  public let links: [TraceLink]

  public init(events: [TraceEvent], links: [TraceLink]) {
    self.events = events
    self.links = links
  }

  /// Every lane that has an event, in diagram order.
  public var lanes: [Lane] { Set(events.map(\.lane)).sorted() }

  /// The events from position `order` on, with the links among them.
  public func since(_ order: Int) -> Trace {
    let kept = events.filter { $0.order >= order }
    return Trace(events: kept, links: links.filter { $0.from >= order && $0.to >= order })
  }
}
