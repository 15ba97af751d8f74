import CommandLineSupport
import SimulatedPlatform

/// A trace drawn as text lanes: one column per lane, one row per event in the order they
/// happened, the event's label on the right. Fits `width` columns.
///
/// ```
///   lanes: 1 main   2 background queue
///   key:  ● ran on this lane   · another lane
///         ! a racing access (race): its order decides the outcome
///         ← #N  caused by event N on another lane   # events in the order they ran
///    #  1 2
///   14  ● ·  currentDrinks written
///   15  · !  Model: Saved!  race
/// ```
public struct LaneDiagram: Sendable {
  /// How the racing accesses are marked: as a race, or, on a variant that orders them, as the
  /// same accesses made safe. An audience that sees "race" on the after variant reads "after
  /// still races"; the safe marking says that the accesses still happen, and what orders them.
  public enum Marking: Sendable, Equatable {
    /// `!` in the lane and `race` after the label, in red.
    case race
    /// `✓` in the lane and `safe here` after the label; `reason` says what orders the accesses
    /// ("ordered by the actor CoffeeDataStore"), once, in the key.
    case safe(reason: String)
  }

  /// What to draw.
  public let trace: Trace
  /// A title line.
  public var title: String
  /// Which events to mark as racing accesses.
  public let isRacing: @Sendable (TraceEvent) -> Bool
  /// Whether to show debug log lines that are not racing accesses.
  public var showsDebugLogs = false
  /// Whether to show the racing accesses alone: the compact form for a failing check.
  public var showsOnlyRacing = false
  /// What the diagram says under its title when it has no row to draw: why nothing shows.
  public var whenEmpty: String?
  /// How the racing accesses are marked.
  public var marking = Marking.race
  /// Whether to print the key under the lanes' names: what each symbol means. On for a diagram
  /// an audience reads cold (race-lab, the demo); a failing check's compact form goes without.
  public var showsKey = false
  /// The width to fit.
  public var width = 80
  /// Whether rows are drawn in a stable order (``stableNumbers(of:keepingOrderOf:)``) instead of
  /// the order they ran in: for a replay, which runs on real threads, so that the rows its
  /// forced schedule leaves unordered do not change places from one run to the next.
  public var ordersStably = false
  /// Where in the app's own code each event was made, by event order
  /// (`CoffeeData.swift:87 in CoffeeDataStore.save(_:)`): drawn under its row, dimmed, when it
  /// differs from the row above.
  public var callSites: [Int: String] = [:]

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
    // Each event's number on its row: its place in the trace, as it ran or in the stable order.
    let number =
      ordersStably
      ? Self.stableNumbers(of: trace, keepingOrderOf: isRacing)
      : Dictionary(uniqueKeysWithValues: trace.events.map { ($0.order, $0.order) })
    let events = shownEvents.sorted { number[$0.order, default: 0] < number[$1.order, default: 0] }
    let lanes = Set(events.map(\.lane)).sorted()
    guard !lanes.isEmpty else {
      let note =
        whenEmpty
        ?? (showsOnlyRacing
          ? "none of this race's accesses ran in this trace, so there is no step to draw"
          : "no event was recorded")
      return titleLines(style) + WordWrap.lines("(\(note))", width: width - 2).map { "  " + $0 }
    }
    let column = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
    let incoming = Dictionary(grouping: trace.links.filter { $0.kind != .write }, by: \.to)
    let shown = Set(events.map(\.order))

    var lines = titleLines(style)
    lines += legend(lanes)
    if showsKey { lines += key(hasRacing: events.contains(where: isRacing)) }
    let orderWidth = max(2, String(events.last.flatMap { number[$0.order] } ?? 0).count)
    let laneHeader = lanes.indices.map { Self.laneKey(for: $0) }.joined(separator: " ")
    lines.append("  " + pad("#", orderWidth) + "  " + laneHeader)
    var lastCallSite: String?
    for event in events {
      let racing = isRacing(event)
      // In the compact form every row is racing: no need to say so on each.
      let notesRace = racing && !showsOnlyRacing
      let cells = lanes.indices.map { index -> String in
        guard index == column[event.lane] else { return style.dim("·") }
        return racing ? racingSymbol(style) : "●"
      }
      var origin = ""
      // The earliest shown cause, so that a trace's links listed in another order draw the same.
      if let from = incoming[event.order]?.filter({ shown.contains($0.from) })
        .min(by: { number[$0.from, default: 0] < number[$1.from, default: 0] }),
        let source = trace.events.first(where: { $0.order == from.from }),
        source.lane != event.lane
      {
        origin = " ← #\(number[from.from, default: from.from])"
      }
      let prefix = "  " + pad(String(number[event.order, default: event.order]), orderWidth) + "  "
      let note = notesRace ? racingNote : ""
      let room = width - prefix.count - lanes.count * 2 - 1 - (note.isEmpty ? 0 : note.count + 2)
      let fitted = Self.fit(event.label, keeping: origin, room)
      let styledNote = note.isEmpty ? "" : "  " + styleNote(note, style)
      lines.append(prefix + cells.joined(separator: " ") + "  " + fitted + styledNote)
      if let site = callSites[event.order], site != lastCallSite {
        // Under the lanes, not under the label: a file, a line and a function need the room.
        let indent = String(repeating: " ", count: prefix.count)
        lines.append(indent + style.dim(Self.fit("↳ " + site, keeping: "", width - indent.count)))
      }
      lastCallSite = callSites[event.order]
    }
    return lines
  }

  /// The title, broken between words to the width.
  private func titleLines(_ style: TerminalStyle) -> [String] {
    WordWrap.lines(title, width: width).map { style.bold($0) }
  }

  /// What a racing access's lane cell shows.
  private func racingSymbol(_ style: TerminalStyle) -> String {
    switch marking {
    case .race: style.alarm("!")
    case .safe: style.green("✓")
    }
  }

  /// The word after a racing access's label.
  private var racingNote: String {
    switch marking {
    case .race: "race"
    case .safe: "safe here"
    }
  }

  private func styleNote(_ note: String, _ style: TerminalStyle) -> String {
    marking == .race ? style.alarm(note) : style.green(note)
  }

  /// What each symbol of a diagram means, one item each: the key the text and the SVG
  /// diagrams both print.
  static func keyItems(marking: Marking, hasRacing: Bool, ordersStably: Bool = false) -> [String] {
    var items = ["● ran on this lane", "· another lane"]
    if hasRacing {
      switch marking {
      case .race:
        items.append("! a racing access (race): its order decides the outcome")
      case .safe(let reason):
        items.append("✓ the same access as before, safe here: \(reason)")
      }
    }
    let order =
      ordersStably
      ? "# events in a fixed order: each after what orders it, else lane by lane"
      : "# events in the order they ran"
    return items + ["← #N  caused by event N on another lane", order]
  }

  /// The key: what each symbol means, in as few lines as the width allows.
  private func key(hasRacing: Bool) -> [String] {
    let items = Self.keyItems(marking: marking, hasRacing: hasRacing, ordersStably: ordersStably)
    // Items side by side while they fit; a long one (a long reason) on lines of its own.
    let indent = "        "
    let room = width - indent.count
    var lines: [String] = []
    var line = ""
    for item in items {
      let pieces = WordWrap.lines(item, width: room, laterWidth: room - 2)
      if pieces.count > 1 {
        if !line.isEmpty { lines.append(line) }
        line = ""
        lines += [pieces[0]] + pieces.dropFirst().map { "  " + $0 }
        continue
      }
      if !line.isEmpty && line.count + 3 + item.count > room {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : "   ") + item
    }
    if !line.isEmpty { lines.append(line) }
    return lines.enumerated().map { index, line in (index == 0 ? "  key:  " : indent) + line }
  }

  /// The lanes' names after their numbers, the numbers the header row puts over the columns.
  /// Three spaces between them, so that "1 main   2 background queue" reads as two lanes.
  private func legend(_ lanes: [Lane]) -> [String] {
    var lines: [String] = []
    var line = "  lanes:"
    for (index, lane) in lanes.enumerated() {
      let item = "\(Self.laneKey(for: index)) \(lane)"
      let separator = line.count > 8 ? "   " : " "
      if line.count > 8 && line.count + separator.count + item.count > width {
        lines.append(line)
        line = "         " + item
      } else {
        line += separator + item
      }
    }
    lines.append(line)
    return lines
  }

  /// A number for each event of `trace` (by its `order`), from the first event's on, in an order
  /// that is the same in every run that records the same events, lanes and links: each lane's
  /// events as they ran there, each link's cause before its effect, and the events
  /// `keepingOrderOf` picks (the racing accesses, which the replay's checkpoints order) as they
  /// ran. Events that none of these order (a timeline on main while a callback runs elsewhere)
  /// ran in whatever order the threads happened to take, which changes from run to run; they
  /// come lane by lane, in the lanes' order: the main queue's as far as nothing holds them back,
  /// the platform's callbacks as late as the order allows, so that an answer the trace does not
  /// link to its request (`query answered`) is not drawn above it while anything else can come
  /// first. What the run itself did differently (accesses its schedule leaves unordered, a hop
  /// arrow where the runtime reused a finished task's memory) still shows.
  public static func stableNumbers(
    of trace: Trace, keepingOrderOf isOrdered: (TraceEvent) -> Bool
  ) -> [Int: Int] {
    let events = trace.events.sorted { $0.order < $1.order }
    var before: [Int: Set<Int>] = [:]
    var placeOnLane: [Int: Int] = [:]
    var lastOnLane: [Lane: Int] = [:]
    var countOnLane: [Lane: Int] = [:]
    var lastOrdered: Int?
    for event in events {
      var causes = Set<Int>()
      if let last = lastOnLane[event.lane] { causes.insert(last) }
      if isOrdered(event) {
        if let lastOrdered { causes.insert(lastOrdered) }
        lastOrdered = event.order
      }
      before[event.order] = causes
      lastOnLane[event.lane] = event.order
      placeOnLane[event.order] = countOnLane[event.lane, default: 0]
      countOnLane[event.lane, default: 0] += 1
    }
    // Only links that point forward: every constraint then follows the run's own order, so
    // there is no cycle, and every event gets a number.
    for link in trace.links
    where link.from < link.to && before[link.from] != nil && before[link.to] != nil {
      before[link.to, default: []].insert(link.from)
    }
    let lane = Dictionary(uniqueKeysWithValues: events.map { ($0.order, $0.lane) })
    func precedes(_ a: Int, _ b: Int) -> Bool {
      lane[a]! != lane[b]! ? lane[a]! < lane[b]! : placeOnLane[a]! < placeOnLane[b]!
    }
    var after: [Int: [Int]] = [:]
    var waiting: [Int: Int] = [:]
    for (order, causes) in before {
      waiting[order] = causes.count
      for cause in causes { after[cause, default: []].append(order) }
    }
    var ready = events.map(\.order).filter { waiting[$0] == 0 }
    var numbers: [Int: Int] = [:]
    var next = events.first?.order ?? 0
    while let first = ready.indices.min(by: { precedes(ready[$0], ready[$1]) }) {
      let order = ready.remove(at: first)
      numbers[order] = next
      next += 1
      for effect in after[order, default: []] {
        waiting[effect, default: 0] -= 1
        if waiting[effect] == 0 { ready.append(effect) }
      }
    }
    return numbers
  }

  /// 1-9, then a-z: one character per lane.
  static func laneKey(for index: Int) -> String {
    let keys = Array("123456789abcdefghijklmnopqrstuvwxyz")
    return index < keys.count ? String(keys[index]) : "+"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `text` followed by `suffix`, cut to `room` characters in the middle of `text`: its start
  /// says who (`CoffeeDataStore:`), its end what happened (`No need to save.`), and the suffix
  /// (`← #9`) where it came from, so all three stay.
  static func fit(_ text: String, keeping suffix: String, _ room: Int) -> String {
    let whole = text + suffix
    guard room > suffix.count + 8, whole.count > room else { return whole }
    let kept = room - suffix.count - 1
    let tail = kept * 2 / 5
    return String(text.prefix(kept - tail)) + "…" + String(text.suffix(tail)) + suffix
  }
}
