import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform
import Testing

/// The lanes of the deterministic replays: which lane each racing access runs on, and in which
/// order. They come from real runs, so they must be the same every time.
@Suite("Lane traces of the replays", .serialized, .timeLimit(.minutes(2)))
@MainActor
struct LaneTraceTests {
  /// One racing access as a diagram shows it: its lane and what it was.
  struct Access: Hashable, CustomStringConvertible {
    let lane: Lane
    let label: String
    var description: String { "[\(lane)] \(label)" }
  }

  /// Replays `entry` and returns its trace.
  static func trace(of entry: RaceEntry, before: Bool) async throws -> Trace {
    let collector = TraceCollector()
    _ = try await collector.collecting { try await Replay.run(entry, before: before) }
    return try #require(collector.traces.last)
  }

  static func racingAccesses(in trace: Trace, of entry: RaceEntry) -> [Access] {
    trace.events.filter { RacingAccesses.isRacing($0, entry: entry.id) }.map {
      Access(lane: $0.lane, label: $0.label)
    }
  }

  @Test(
    "A replay gives the same racing accesses on the same lanes, every time",
    arguments: [true, false])
  func replaysAreDeterministic(before: Bool) async throws {
    for entry in Replay.replayable {
      let first = Self.racingAccesses(
        in: try await Self.trace(of: entry, before: before), of: entry)
      let second = Self.racingAccesses(
        in: try await Self.trace(of: entry, before: before), of: entry)
      #expect(first == second, "\(entry.id), before: \(before)")
    }
  }

  @Test(
    "saved-value-race, before: main stores the list, the background queue records it, main skips the save"
  )
  func savedValueRaceBefore() async throws {
    let entry = RaceCatalog.entry("saved-value-race")!
    let accesses = Self.racingAccesses(in: try await Self.trace(of: entry, before: true), of: entry)
    let noNeed = "Model: The drink list hasn't changed. No need to save."
    #expect(
      Array(accesses.suffix(3)) == [
        Access(lane: .main, label: "published list written"),
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
    // The schedule it was given: the second list is stored on main while the first write is
    // held, then the first write's "Saved!" comes, then the second save, on the actor.
    #expect(
      Array(accesses.suffix(3)) == [
        Access(lane: .main, label: "published list written"),
        Access(lane: store, label: "CoffeeDataStore: Saved!"),
        Access(lane: store, label: "CoffeeDataStore: Saved!"),
      ])
    #expect(!trace.lanes.contains(.queue("background queue")))
  }

  @Test(
    "overlapping-loads: before, both queries are issued before either answers; after, the second waits for the first"
  )
  func overlappingLoads() async throws {
    let entry = RaceCatalog.entry("overlapping-loads")!
    let query = Lane.callback("health query")
    let issue = "calls the health store: query"
    let before = Self.racingAccesses(in: try await Self.trace(of: entry, before: true), of: entry)
    #expect(
      before.suffix(4).map(\.label) == [
        issue, issue, "query answered: +1 -0", "query answered: +1 -0",
      ])
    #expect(before.suffix(4).first?.lane == .main)
    #expect(before.suffix(2).allSatisfy { $0.lane == query })
    let after = Self.racingAccesses(in: try await Self.trace(of: entry, before: false), of: entry)
    #expect(
      after.suffix(4) == [
        Access(lane: .actor("HealthKitController"), label: issue),
        Access(lane: query, label: "query answered: +1 -0"),
        Access(lane: .actor("HealthKitController"), label: issue),
        Access(lane: query, label: "query answered: +0 -0"),
      ])
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
          isRacing: { RacingAccesses.isRacing($0, entry: entry.id) })
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
