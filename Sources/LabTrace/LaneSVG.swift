import CommandLineSupport
import Foundation
import SimulatedPlatform

/// A trace drawn as SVG, laid out like the terminal's lanes so that one reading serves both: one
/// numbered column per lane (a queue, an actor, a task), one row per event in the order they
/// happened, a dot on the lane where it ran, and its label written out beside it, readable on a
/// projector and on paper (the `<title>` a browser shows on hover only repeats it). Racing
/// accesses are red and end in "race"; with a safe marking, green and "safe here". Arrows join an
/// event to the one it led to. The lanes' names and a key head the drawing. No script.
public struct LaneSVG: Sendable {
  public let diagram: LaneDiagram
  /// What the `data-side` attribute says: "before" or "after".
  public let side: String

  public init(diagram: LaneDiagram, side: String) {
    self.diagram = diagram
    self.side = side
  }

  /// The drawing's width in pixels; a page scales it down to fit, never up.
  static let width = 960
  static let laneWidth = 30
  static let rowHeight = 26
  /// Where the lane columns start: room for the events' numbers on their left.
  static let lanesLeft = 56
  static let fontSize = 15
  /// The width of a character of the monospaced font at `fontSize` (0.6 em, as in Menlo and
  /// DejaVu Sans Mono), a little over, to wrap and cut text before it leaves the drawing.
  static let characterWidth = 9.3

  /// The `<svg>` element.
  public func render() -> String {
    let events = diagram.shownEvents
    let lanes = Set(events.map(\.lane)).sorted()
    let column = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
    let row = Dictionary(uniqueKeysWithValues: events.enumerated().map { ($1.order, $0) })
    let lanesRight = Self.lanesLeft + max(1, lanes.count) * Self.laneWidth
    let labelLeft = lanesRight + 12
    let textColumns = Int(Double(Self.width - 16) / Self.characterWidth)

    // The head: title, the lanes' names by number, the key.
    var head: [(text: String, bold: Bool)] = [(diagram.title, true)]
    var laneLine = "lanes:"
    for (index, lane) in lanes.enumerated() {
      let item = "\(LaneDiagram.laneKey(for: index)) \(lane)"
      if laneLine.count + 4 + item.count > textColumns {
        head.append((laneLine, false))
        laneLine = "      "
      }
      laneLine +=
        (laneLine.hasSuffix(":") || laneLine.allSatisfy { $0 == " " } ? " " : "    ")
        + item
    }
    head.append((laneLine, false))
    let hasRacing = events.contains(where: diagram.isRacing)
    // "key:" once, then each item on a line of its own, a long one wrapped under itself.
    for (item, line) in Self.keyItems(marking: diagram.marking, hasRacing: hasRacing)
      .enumerated()
    {
      for (index, part) in WordWrap.lines(line, width: textColumns - 8).enumerated() {
        head.append(
          ((item == 0 && index == 0 ? "key:  " : "      ") + (index == 0 ? "" : "  ") + part, false)
        )
      }
    }
    let headLine = Self.fontSize + 7
    let headerY = 14 + head.count * headLine + 10
    let firstRowY = headerY + Self.rowHeight
    let height = firstRowY + max(1, events.count) * Self.rowHeight + 4
    func x(_ lane: Lane) -> Int {
      Self.lanesLeft + column[lane]! * Self.laneWidth + Self.laneWidth / 2
    }
    func y(_ order: Int) -> Int { firstRowY + row[order]! * Self.rowHeight }

    var svg = """
      <svg class="lanes" data-side="\(side)" xmlns="http://www.w3.org/2000/svg" \
      width="\(Self.width)" height="\(height)" viewBox="0 0 \(Self.width) \(height)" role="img" \
      aria-label="\(escape(diagram.title))" font-family="Menlo, Consolas, 'DejaVu Sans Mono', \
      monospace" font-size="\(Self.fontSize)">
      <defs><marker id="arrow-\(side)" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" \
      markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" \
      fill="#6e6e73"/></marker></defs>

      """
    for (index, line) in head.enumerated() {
      svg += """
        <text x="8" y="\(14 + (index + 1) * headLine - 6)"\(line.bold ? " font-weight=\"700\"" : "") \
        xml:space="preserve">\(escape(line.text))</text>

        """
    }
    // The header row: each lane's number over its column, and "#" over the events' numbers.
    svg += """
      <text x="\(Self.lanesLeft - 10)" y="\(headerY + 5)" text-anchor="end" font-weight="700">#</text>

      """
    for lane in lanes {
      svg += """
        <text x="\(x(lane))" y="\(headerY + 5)" text-anchor="middle" font-weight="700">\
        \(LaneDiagram.laneKey(for: column[lane]!))</text>
        <line x1="\(x(lane))" y1="\(headerY + 12)" x2="\(x(lane))" y2="\(height - 4)" \
        stroke="#d1d1d6"/>

        """
    }
    // Racing rows get a band behind them, so that they stand out on paper too.
    let (accent, band) =
      diagram.marking == .race ? ("#c4001a", "#ffe5e8") : ("#1b7f3b", "#e3f5e8")
    for event in events where diagram.isRacing(event) {
      svg += """
        <rect class="band" x="4" y="\(y(event.order) - Self.rowHeight / 2)" \
        width="\(Self.width - 8)" height="\(Self.rowHeight)" fill="\(band)" rx="3"/>

        """
    }
    let shown = Set(events.map(\.order))
    let laneOf = Dictionary(uniqueKeysWithValues: events.map { ($0.order, $0.lane) })
    var origins: [Int: Int] = [:]
    for link in diagram.trace.links where shown.contains(link.from) && shown.contains(link.to) {
      let (fromLane, toLane) = (laneOf[link.from]!, laneOf[link.to]!)
      guard fromLane != toLane, link.kind != .write else { continue }
      if origins[link.to] == nil { origins[link.to] = link.from }
      let (x1, y1, x2, y2) = (x(fromLane), y(link.from), x(toLane), y(link.to))
      svg += """
        <path class="link" d="M \(x1) \(y1) C \(x1) \((y1 + y2) / 2), \(x2) \((y1 + y2) / 2), \
        \(x2) \(y2 - 7)" fill="none" stroke="#6e6e73" stroke-dasharray="4 3" \
        marker-end="url(#arrow-\(side))"><title>\(link.kind.rawValue)</title></path>

        """
    }
    let labelColumns = Int(Double(Self.width - labelLeft - 8) / Self.characterWidth)
    for event in events {
      let racing = diagram.isRacing(event)
      let note = racing ? (diagram.marking == .race ? "  race" : "  safe here") : ""
      let origin = origins[event.order].map { " ← #\($0)" } ?? ""
      let label = LaneDiagram.fit(
        event.label, keeping: origin, labelColumns - note.count)
      let rowY = y(event.order)
      svg += """
        <text x="\(Self.lanesLeft - 10)" y="\(rowY + 5)" text-anchor="end" fill="#6e6e73">\
        \(event.order)</text>
        <circle class="\(racing ? "event racing" : "event")" cx="\(x(event.lane))" cy="\(rowY)" \
        r="\(racing ? 8 : 6)" fill="\(racing ? accent : "#0071e3")">\
        <title>#\(event.order) \(escape(event.lane.description)): \(escape(event.label))</title>\
        </circle>
        <text x="\(labelLeft)" y="\(rowY + 5)" xml:space="preserve">\(escape(label))\
        \(note.isEmpty ? "" : "<tspan fill=\"\(accent)\" font-weight=\"700\">\(note)</tspan>")\
        </text>

        """
    }
    return svg + "</svg>"
  }

  /// What the drawing's marks mean: its own, not the terminal's (`·` and `!` are not drawn).
  static func keyItems(marking: LaneDiagram.Marking, hasRacing: Bool) -> [String] {
    var items = ["● an event, on the lane it ran on"]
    if hasRacing {
      switch marking {
      case .race:
        items.append("red row, race: a racing access; its order decides the outcome")
      case .safe(let reason):
        items.append("green row, safe here: the same access as before; \(reason)")
      }
    }
    return items + [
      "← #N and a dashed arrow: caused by event N on another lane",
      "#  the events' numbers, in the order they ran",
    ]
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
