import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform
import Testing

/// The lanes of the deterministic replays: which lane each racing access runs on, and in which
/// order. They come from real runs, so they must be the same every time.
@Suite("Lane traces of the replays", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct LaneTraceTests {
  /// One racing access as a diagram shows it: its lane and what it was.
  struct Access: Hashable, CustomStringConvertible {
    let lane: Lane
    let label: String
    var description: String { "[\(lane)] \(label)" }
  }

  /// How `trace` labels the model's list being stored: `currentDrinks written`, or where key
  /// paths do not print their property's name (Linux), `the published [Drink] written`.
  static func listWritten(in trace: Trace) -> String? {
    trace.events.first {
      if case .publishedChange = $0.platformEvent?.kind { true } else { false }
    }?.label
  }

  /// Replays `entry` and returns its trace.
  static func trace(of entry: RaceEntry, before: Bool) async throws -> Trace {
    let collector = TraceCollector()
    _ = try await collector.collecting { try await Replay.run(entry, before: before) }
    return try #require(collector.traces.last)
  }

  static func racingAccesses(in trace: Trace, of entry: RaceEntry) -> [Access] {
    trace.events.filter(entry.isRacingAccess).map {
      Access(lane: $0.lane, label: $0.label)
    }
  }

  @Test(
    "A replay gives the same racing accesses on the same lanes, every time",
    arguments: [true, false])
  func replaysAreDeterministic(before: Bool) async throws {
    for entry in Replay.replayable {
      let first = Self.byLane(
        Self.racingAccesses(in: try await Self.trace(of: entry, before: before), of: entry))
      let second = Self.byLane(
        Self.racingAccesses(in: try await Self.trace(of: entry, before: before), of: entry))
      #expect(first == second, "\(entry.id), before: \(before)")
    }
  }

  /// The accesses of each lane, in order. A replay forces the order of the steps it holds at
  /// checkpoints; what two threads record before they reach one (the health store computes its
  /// answer, and logs it, before the app's callback is held) may come in either order between
  /// lanes, never within one.
  static func byLane(_ accesses: [Access]) -> [Lane: [String]] {
    Dictionary(grouping: accesses, by: \.lane).mapValues { $0.map(\.label) }
  }

  @Test(
    "saved-value-race, before: main stores the list, the background queue records it, main skips the save"
  )
  func savedValueRaceBefore() async throws {
    let entry = RaceCatalog.entry("saved-value-race")!
    let trace = try await Self.trace(of: entry, before: true)
    let accesses = Self.racingAccesses(in: trace, of: entry)
    let listWritten = try #require(Self.listWritten(in: trace))
    #expect(listWritten.hasSuffix(" written"))
    let noNeed = "Model: The drink list hasn't changed. No need to save."
    #expect(
      Array(accesses.suffix(3)) == [
        Access(lane: .main, label: listWritten),
        Access(lane: .queue("background queue"), label: "Model: Saved!"),
        Access(lane: .main, label: noNeed),
      ])
  }

  @Test("saved-value-race, after: the same schedule; the store actor saves both lists")
  func savedValueRaceAfter() async throws {
    let entry = RaceCatalog.entry("saved-value-race")!
    let trace = try await Self.trace(of: entry, before: false)
    let store = Lane.actor("CoffeeDataStore")
    let writes = trace.events.filter {
      if case .fileWritten = $0.platformEvent?.kind { true } else { false }
    }
    #expect(writes.count == 2)
    #expect(writes.allSatisfy { $0.lane == store })
    let accesses = Self.racingAccesses(in: trace, of: entry)
    let listWritten = try #require(Self.listWritten(in: trace))
    // The schedule it was given: the second list is stored on main while the first write is
    // held, then the first write's "Saved!" comes, then the second save, on the actor.
    #expect(
      Array(accesses.suffix(3)) == [
        Access(lane: .main, label: listWritten),
        Access(lane: store, label: "CoffeeDataStore: Saved!"),
        Access(lane: store, label: "CoffeeDataStore: Saved!"),
      ])
    #expect(!trace.lanes.contains(.queue("background queue")))
  }

  @Test(
    "overlapping-loads: before, every query reads the same anchor; after, each load queries from the last one's"
  )
  func overlappingLoads() async throws {
    // The replay's last run: three loads at once, one new sample, after the launch's own load.
    let entry = RaceCatalog.entry("overlapping-loads")!
    let query = Lane.callback("health query")
    let issue = "calls the health store: query"
    let before = Self.byLane(
      Self.racingAccesses(in: try await Self.trace(of: entry, before: true), of: entry))
    #expect(before[.main] == [issue, issue, issue])
    #expect(before[query]?.suffix(3) == Array(repeating: "query answered: +1 -0", count: 3)[...])
    let after = Self.byLane(
      Self.racingAccesses(in: try await Self.trace(of: entry, before: false), of: entry))
    #expect(after[.actor("HealthKitController")]?.suffix(3) == [issue, issue, issue])
    #expect(
      after[query]?.suffix(3)
        == ["query answered: +1 -0", "query answered: +0 -0", "query answered: +0 -0"])
    #expect(after[.main] == nil)
  }

  @Test(
    "write-lost-at-suspension: before, the task completes on main and the write is lost on the background queue; after, the write ends first"
  )
  func writeLost() async throws {
    let entry = RaceCatalog.entry("write-lost-at-suspension")!
    let before = Self.racingAccesses(in: try await Self.trace(of: entry, before: true), of: entry)
    #expect(
      before.suffix(2) == [
        Access(lane: .main, label: "background task 1 completed"),
        Access(
          lane: .queue("background queue"), label: "write of CoffeeTracker.plist LOST at suspension"
        ),
      ])
    let after = Self.racingAccesses(in: try await Self.trace(of: entry, before: false), of: entry)
    #expect(after.last == Access(lane: .main, label: "background task 1 completed"))
    #expect(after.dropLast().last?.lane == .actor("CoffeeDataStore"))
  }

  @Test("Links join events that exist, and hops join different lanes of one task")
  func linksAreConsistent() async throws {
    for entry in Replay.replayable {
      for before in [true, false] {
        let trace = try await Self.trace(of: entry, before: before)
        let byOrder = Dictionary(uniqueKeysWithValues: trace.events.map { ($0.order, $0) })
        for link in trace.links {
          let from = try #require(byOrder[link.from])
          let to = try #require(byOrder[link.to])
          #expect(from.order < to.order)
          if link.kind == .hop {
            #expect(from.task == to.task && from.lane != to.lane)
          }
        }
      }
    }
  }

  @Test("Every replay's terminal lanes fit 80 columns, in plain text, and mark the racing steps")
  func terminalLanesFit() async throws {
    for entry in Replay.replayable {
      for before in [true, false] {
        let diagram = LaneDiagram(
          trace: try await Self.trace(of: entry, before: before), title: entry.id,
          isRacing: entry.isRacingAccess)
        let lines = diagram.render(style: .plain)
        #expect(
          lines.allSatisfy { $0.count <= 80 }, "\(entry.id): \(lines.filter { $0.count > 80 })")
        #expect(!lines.joined().contains("\u{1B}"), "escape codes in plain text")
        let racing = diagram.shownEvents.filter(diagram.isRacing).count
        #expect(lines.dropFirst().filter { $0.hasSuffix("  race") }.count == racing)
      }
    }
  }

  @Test("A platform made with tracing off records no trace, and its log is the same")
  func tracingOff() async throws {
    let platform = try Tracer.$isEnabled.withValue(false) { try SimulatedPlatform() }
    platform.logger(category: "Test").info("hello")
    #expect(platform.tracer.trace.events.isEmpty)
    #expect(platform.events.count == 1)
  }
}
