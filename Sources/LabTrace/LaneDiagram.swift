import CommandLineSupport
import SimulatedPlatform

/// A trace drawn as text lanes: one column per lane, one row per event in the order they
/// happened, the event's label on the right. Fits `width` columns.
///
/// ```
///   lanes: 1 main   2 background queue
///    #   1 2
///   14   ● ·  currentDrinks written
///   15   · ●  Model: Saved!                  ← race
/// ```
public struct LaneDiagram: Sendable {
  /// What to draw.
  public let trace: Trace
  /// A title line.
  public let title: String
  /// Which events to mark as racing accesses.
  public let isRacing: @Sendable (TraceEvent) -> Bool
  /// Whether to show debug log lines that are not racing accesses.
  public var showsDebugLogs = false
  /// Whether to show the racing accesses alone: the compact form for a failing check.
  public var showsOnlyRacing = false
  /// What the diagram says under its title when it has no row to draw: why nothing shows.
  public var whenEmpty: String?
  /// The width to fit.
  public var width = 80

  public init(
    trace: Trace, title: String,
    isRacing: @escaping @Sendable (TraceEvent) -> Bool = { _ in false }
  ) {
    self.trace = trace
    self.title = title
    self.isRacing = isRacing
  }

  /// The events the diagram shows: platform events and marks, without routine debug logs.
  public var shownEvents: [TraceEvent] {
    trace.events.filter { event in
      if isRacing(event) { return true }
      if showsOnlyRacing { return false }
      if showsDebugLogs { return true }
      if case .log(.debug, _, _) = event.platformEvent?.kind { return false }
      return true
    }
  }

  /// The diagram as lines of text, coloured with `style`.
  public func render(style: TerminalStyle = .plain) -> [String] {
    let events = shownEvents
    let lanes = Set(events.map(\.lane)).sorted()
    guard !lanes.isEmpty else {
      let note =
        whenEmpty
        ?? (showsOnlyRacing
          ? "none of this race's accesses ran in this trace, so there is no step to draw"
          : "no event was recorded")
      return [style.bold(title), "  (\(note))"]
    }
    let column = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
    let incoming = Dictionary(grouping: trace.links.filter { $0.kind != .write }, by: \.to)
    let shown = Set(events.map(\.order))

    var lines = [style.bold(title)]
    lines += legend(lanes)
    let orderWidth = max(2, String(events.last?.order ?? 0).count)
    let laneHeader = lanes.indices.map { key(for: $0) }.joined(separator: " ")
    lines.append("  " + pad("#", orderWidth) + "  " + laneHeader)
    for event in events {
      let racing = isRacing(event)
      // In the compact form every row is racing: no need to say so on each.
      let notesRace = racing && !showsOnlyRacing
      let cells = lanes.indices.map { index -> String in
        guard index == column[event.lane] else { return style.dim("·") }
        return racing ? style.alarm("!") : "●"
      }
      var label = event.label
      if let from = incoming[event.order]?.first(where: { shown.contains($0.from) }),
        let origin = trace.events.first(where: { $0.order == from.from }), origin.lane != event.lane
      {
        label += " ← #\(from.from)"
      }
      let prefix = "  " + pad(String(event.order), orderWidth) + "  "
      let room = width - prefix.count - lanes.count * 2 - 1 - (notesRace ? 6 : 0)
      let fitted = fit(label, room)
      let racingNote = notesRace ? "  " + style.alarm("race") : ""
      lines.append(prefix + cells.joined(separator: " ") + "  " + fitted + racingNote)
    }
    return lines
  }

  private func legend(_ lanes: [Lane]) -> [String] {
    var lines: [String] = []
    var line = "  lanes:"
    for (index, lane) in lanes.enumerated() {
      let item = " \(key(for: index)) \(lane)"
      if line.count + item.count > width {
        lines.append(line)
        line = "        "
      }
      line += item
    }
    lines.append(line)
    return lines
  }

  /// 1-9, then a-z: one character per lane.
  private func key(for index: Int) -> String {
    let keys = Array("123456789abcdefghijklmnopqrstuvwxyz")
    return index < keys.count ? String(keys[index]) : "+"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private func fit(_ text: String, _ room: Int) -> String {
    guard room > 1, text.count > room else { return text }
    return String(text.prefix(room - 1)) + "…"
  }
}
