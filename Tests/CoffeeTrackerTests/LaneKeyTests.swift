import CoffeeScenarios
import LabTrace
import RaceLab
import Testing

@testable import SimulatedPlatform

/// What a lane diagram tells an audience that reads it cold: a key for its symbols, the after
/// variant's accesses marked safe (not "race"), and labels that keep their meaning when cut.
/// Drawn from small hand-made traces, so each test says exactly what it draws.
@Suite("Lane diagram key and marks")
struct LaneKeyTests {
  /// Two lanes: the main queue writes the list, the background queue saves it, answering #1.
  static let trace = Trace(
    events: [
      TraceEvent(
        order: 1, lane: .main, platformEvent: nil, mark: "the published [Drink] written",
        task: nil, nanoseconds: 1),
      TraceEvent(
        order: 2, lane: .queue("background queue"), platformEvent: nil,
        mark: "Model: The drink list hasn't changed. No need to save.", task: nil, nanoseconds: 2),
      TraceEvent(
        order: 3, lane: .main, platformEvent: nil, mark: "complication reload", task: nil,
        nanoseconds: 3),
    ],
    links: [TraceLink(from: 1, to: 2, kind: .hop)])

  static func diagram(width: Int = 80, marking: LaneDiagram.Marking = .race) -> LaneDiagram {
    var diagram = LaneDiagram(
      trace: trace, title: "saved-value-race: what ran where",
      isRacing: { $0.order != 3 })
    diagram.showsKey = true
    diagram.marking = marking
    diagram.width = width
    return diagram
  }

  /// The rows of events, below the header row.
  static func rows(_ lines: [String]) -> [String] {
    Array(lines.drop { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#  ") }.dropFirst())
  }

  @Test("The key names every symbol the diagram draws")
  func keyNamesEverySymbol() {
    let lines = Self.diagram().render(style: .plain)
    let key = lines.drop { !$0.hasPrefix("  key:") }.prefix { !$0.contains("#  1") }
      .joined(separator: "\n")
    for symbol in [
      "● ran on this lane", "· another lane", "! a racing access (race)", "← #N", "# ",
    ] {
      #expect(key.contains(symbol), "the key does not explain \(symbol):\n\(key)")
    }
    #expect(lines.contains { $0.hasPrefix("  lanes: 1 main   2 background queue") })
    #expect(Self.rows(lines).filter { $0.hasSuffix("  race") }.count == 2)
  }

  @Test("A diagram without the key draws none, as a failing check's compact form needs")
  func keyIsOptional() {
    var diagram = Self.diagram()
    diagram.showsKey = false
    #expect(!diagram.render(style: .plain).contains { $0.hasPrefix("  key:") })
  }

  @Test("The after variant's same accesses are marked safe, with the reason, never race")
  func afterIsMarkedSafe() {
    let reason = "the actor CoffeeDataStore owns savedValue and records the list it wrote"
    let lines = Self.diagram(marking: .safe(reason: reason)).render(style: .plain)
    let rows = Self.rows(lines)
    #expect(!lines.contains { $0.contains("race)") || $0.hasSuffix(" race") || $0.contains("!") })
    #expect(rows.filter { $0.hasSuffix("  safe here") && $0.contains("✓") }.count == 2)
    let key = lines.filter { !rows.contains($0) }.joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(key.contains("safe here: " + reason))
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
  }

  @Test("A label cut to fit keeps its start, its end and where it came from")
  func truncationKeepsMeaning() throws {
    let lines = Self.diagram(width: 60).render(style: .plain)
    let row = try #require(Self.rows(lines).first { $0.contains("Model:") })
    #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
    #expect(row.contains("…"))
    #expect(row.contains("Model: The"))
    #expect(row.contains("save. ← #1  race"), "\(row)")
  }

  /// `safeHereReason` is chosen by entry id: a renamed or new entry would fall back to the long
  /// `afterFix` unseen. Every entry whose replay marks racing accesses has a phrase of its own.
  @Test("Every entry that marks racing accesses has a short reason they are safe after")
  func everyEntryHasASafeHereReason() {
    // nonsending-io-on-main marks no access: the trap is a read on the main actor, not a race.
    let marking = RaceCatalog.entries.filter { $0.id != KnownBug.nonsendingIOOnMain.id }
    #expect(!marking.isEmpty)
    for entry in marking {
      #expect(entry.safeHereReason != entry.afterFix, "\(entry.id) has no safe-here reason")
    }
  }
}
