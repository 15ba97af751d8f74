import Foundation
import SimulatedPlatform

/// A trace drawn as SVG: one horizontal lane per place code ran, the events along it in the
/// order they happened, arrows for the links, racing accesses in red. Each event carries a
/// `<title>`, which browsers show on hover; no script.
public struct LaneSVG: Sendable {
  public let diagram: LaneDiagram
  /// What the `data-side` attribute says: "before" or "after".
  public let side: String

  public init(diagram: LaneDiagram, side: String) {
    self.diagram = diagram
    self.side = side
  }

  static let laneHeight = 40
  static let labelWidth = 250
  static let step = 24
  static let top = 30

  /// The `<svg>` element.
  public func render() -> String {
    let events = diagram.shownEvents
    let lanes = Set(events.map(\.lane)).sorted()
    let row = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
    let column = Dictionary(uniqueKeysWithValues: events.enumerated().map { ($1.order, $0) })
    let width = Self.labelWidth + max(1, events.count) * Self.step + Self.step
    let height = Self.top + max(1, lanes.count) * Self.laneHeight + 10
    func x(_ order: Int) -> Int { Self.labelWidth + column[order]! * Self.step + Self.step / 2 }
    func y(_ lane: Lane) -> Int { Self.top + row[lane]! * Self.laneHeight + Self.laneHeight / 2 }

    var svg = """
      <svg class="lanes" data-side="\(side)" xmlns="http://www.w3.org/2000/svg" \
      width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img" \
      aria-label="\(escape(diagram.title))">
      <defs><marker id="arrow-\(side)" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" \
      markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" \
      fill="#8e8e93"/></marker></defs>
      <text x="8" y="18" font-size="13" font-weight="600">\(escape(diagram.title))</text>

      """
    for lane in lanes {
      let laneY = y(lane)
      svg += """
        <text x="8" y="\(laneY + 4)" font-size="13">\(escape(lane.description))</text>
        <line x1="\(Self.labelWidth - 8)" y1="\(laneY)" x2="\(width - 8)" y2="\(laneY)" \
        stroke="#d1d1d6"/>

        """
    }
    let shown = Set(events.map(\.order))
    let laneOf = Dictionary(uniqueKeysWithValues: events.map { ($0.order, $0.lane) })
    for link in diagram.trace.links where shown.contains(link.from) && shown.contains(link.to) {
      let (fromLane, toLane) = (laneOf[link.from]!, laneOf[link.to]!)
      guard fromLane != toLane else { continue }
      let (x1, y1, x2, y2) = (x(link.from), y(fromLane), x(link.to), y(toLane))
      svg += """
        <path class="link" d="M \(x1) \(y1) C \((x1 + x2) / 2) \(y1), \((x1 + x2) / 2) \(y2), \
        \(x2) \(y2)" fill="none" stroke="#8e8e93" stroke-dasharray="3 2" \
        marker-end="url(#arrow-\(side))"><title>\(link.kind.rawValue)</title></path>

        """
    }
    for event in events {
      let racing = diagram.isRacing(event)
      svg += """
        <circle class="\(racing ? "event racing" : "event")" cx="\(x(event.order))" \
        cy="\(y(event.lane))" r="\(racing ? 8 : 5)" fill="\(racing ? "#d70015" : "#0071e3")">\
        <title>#\(event.order) \(escape(event.lane.description)): \(escape(event.label))\
        </title></circle>

        """
      if racing {
        svg += """
          <text x="\(x(event.order))" y="\(y(event.lane) - 12)" font-size="10" \
          text-anchor="middle" fill="#d70015">#\(event.order)</text>

          """
      }
    }
    return svg + "</svg>"
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
