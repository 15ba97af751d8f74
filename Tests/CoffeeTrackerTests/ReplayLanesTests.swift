import Foundation
import LabTrace
import Testing

@testable import SimulatedPlatform

/// `race-lab replay --lanes` projected in front of a room: every line fits the terminal, and a
/// replay draws the same diagram each time it is run.
@Suite("race-lab replay's lanes on a projector", .timeLimit(.minutes(5)))
struct ReplayLanesTests {
  /// What `race-lab replay` with `arguments` printed, without colour, with `COLUMNS` set to
  /// `columns` (an empty one counts as none: the output goes to a file, hence 80).
  static func replay(_ arguments: [String], columns: String) throws -> [String] {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["replay"] + arguments, environment: ["NO_COLOR": "1", "COLUMNS": columns],
      timeout: 100)
    #expect(result.succeeded, "\(result.ending)\n\(output)")
    return output.components(separatedBy: "\n")
  }

  @Test(
    "Every line of every replay fits: 80 columns in a file, COLUMNS when set, never below 60",
    arguments: [("", 80), ("60", 60), ("40", 60)])
  func everyLineFits(_ columns: String, _ width: Int) throws {
    let lines = try Self.replay(["--lanes"], columns: columns)
    #expect(lines.count > 300)
    // The verdict lines are there, wrapped, not dropped.
    #expect(lines.contains { $0.hasPrefix("  before  ✓ symptom shown: two loads:") })
    let overflowing = lines.filter { $0.count > width }.map { "\($0.count): \($0)" }
    #expect(overflowing.isEmpty, "\(overflowing)")
  }

  @Test("saved-value-race draws the same lanes in every run, though the replay runs on threads")
  func sameDiagramEachRun() throws {
    let first = try Self.replay(["saved-value-race", "--lanes"], columns: "")
    #expect(first.contains { $0.contains("saved-value-race, before: what ran where") })
    for run in 2...5 {
      let again = try Self.replay(["saved-value-race", "--lanes"], columns: "")
      let changed = again.difference(from: first).map { "\($0)" }
      #expect(changed.isEmpty, "run \(run) drew other lanes: \(changed)")
    }
  }

  /// Three events on two lanes: main writes the list (racing), the background queue reads its
  /// file (ordered by nothing), main saves (racing). `readFirst` says whether the unordered read
  /// happened first in this run.
  static func trace(readFirst: Bool) -> Trace {
    let read = TraceEvent(
      order: 0, lane: .queue("background queue"), platformEvent: nil, mark: "read the file",
      task: nil, nanoseconds: 0)
    let write = TraceEvent(
      order: 0, lane: .main, platformEvent: nil, mark: "list written", task: nil, nanoseconds: 0)
    let save = TraceEvent(
      order: 0, lane: .main, platformEvent: nil, mark: "list saved", task: nil, nanoseconds: 0)
    let events = (readFirst ? [read, write, save] : [write, save, read]).enumerated().map {
      TraceEvent(
        order: $0.offset, lane: $0.element.lane, platformEvent: nil, mark: $0.element.mark,
        task: nil, nanoseconds: UInt64($0.offset))
    }
    return Trace(events: events, links: [])
  }

  static func rows(_ trace: Trace, stably: Bool) -> [String] {
    var diagram = LaneDiagram(trace: trace, title: "lanes", isRacing: { $0.lane == .main })
    diagram.ordersStably = stably
    return diagram.render(style: .plain)
  }

  @Test("An event nothing orders takes the same row whichever way the threads ran")
  func unorderedEventTakesAFixedRow() {
    let readFirst = Self.rows(Self.trace(readFirst: true), stably: true)
    #expect(readFirst == Self.rows(Self.trace(readFirst: false), stably: true))
    // Drawn as they ran, the two runs differ: the case the stable order is for.
    #expect(
      Self.rows(Self.trace(readFirst: true), stably: false)
        != Self.rows(Self.trace(readFirst: false), stably: false))
    // The racing accesses keep the order they ran in: the write, then the save.
    let written = readFirst.firstIndex { $0.hasSuffix("list written  race") }
    let saved = readFirst.firstIndex { $0.hasSuffix("list saved  race") }
    #expect(written != nil && saved != nil && written! < saved!, "\(readFirst)")
  }

  @Test("A cause on another lane keeps a number below its effect's")
  func causeBeforeEffect() throws {
    // Main writes (0), main reloads (1), the queue saves because of the write (2, linked to 0).
    let marks = ["list written", "complication reload", "saved"]
    let lanes: [Lane] = [.main, .main, .queue("background queue")]
    let events = marks.indices.map {
      TraceEvent(
        order: $0, lane: lanes[$0], platformEvent: nil, mark: marks[$0], task: nil,
        nanoseconds: UInt64($0))
    }
    let numbers = LaneDiagram.stableNumbers(
      of: Trace(events: events, links: [TraceLink(from: 0, to: 2, kind: .hop)]),
      keepingOrderOf: { _ in false })
    #expect(try #require(numbers[0]) < #require(numbers[2]))
    #expect(Set(numbers.values) == [0, 1, 2])
  }
}
