import Foundation
import LabTrace
import RaceLab
import SimulatedPlatform
import Testing

/// The trace files `--trace` writes, read back and checked against the trace event format:
/// every event has the fields its phase requires, and every flow arrow starts and ends on a
/// slice that exists.
@Suite("Chrome trace files", .timeLimit(.minutes(5)))
@MainActor
struct ChromeTraceTests {
  @Test("A replay's trace file reads back with every required field and connected flows")
  func replayTraceReadsBack() async throws {
    var runs: [ChromeTrace.Run] = []
    let entry = RaceCatalog.entry("saved-value-race")!
    for before in [true, false] {
      let collector = TraceCollector()
      _ = try await collector.collecting { try await Replay.run(entry, before: before) }
      runs.append(ChromeTrace.Run(name: "\(before)", trace: try #require(collector.traces.last)))
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("lanes-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try ChromeTrace.write(runs, to: file.path)

    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let events = try #require(document["traceEvents"] as? [[String: Any]])
    #expect(!events.isEmpty)

    var slices: [(pid: Int, tid: Int, start: Double, end: Double)] = []
    var flowStarts: [Int: [String: Any]] = [:]
    var flowEnds: [Int: [String: Any]] = [:]
    for event in events {
      let phase = try #require(event["ph"] as? String, "no ph in \(event)")
      #expect(event["name"] is String, "no name in \(event)")
      let pid = try #require(event["pid"] as? Int, "no pid in \(event)")
      let tid = try #require(event["tid"] as? Int, "no tid in \(event)")
      switch phase {
      case "M":
        #expect((event["args"] as? [String: Any])?.isEmpty == false, "metadata without args")
      case "X":
        let start = try #require(event["ts"] as? Double, "no ts in \(event)")
        let duration = try #require(event["dur"] as? Double, "no dur in \(event)")
        slices.append((pid, tid, start, start + duration))
      case "s", "f":
        let id = try #require(event["id"] as? Int, "no id in \(event)")
        #expect(event["ts"] is Double)
        if phase == "s" {
          #expect(flowStarts.updateValue(event, forKey: id) == nil, "two starts for flow \(id)")
        } else {
          #expect(event["bp"] as? String == "e")
          #expect(flowEnds.updateValue(event, forKey: id) == nil, "two ends for flow \(id)")
        }
      default:
        Issue.record("unexpected phase \(phase)")
      }
    }
    #expect(!flowStarts.isEmpty)
    #expect(Set(flowStarts.keys) == Set(flowEnds.keys), "a flow without its other end")
    // Each end of each arrow lies on a slice of its own track.
    for flow in Array(flowStarts.values) + Array(flowEnds.values) {
      let pid = flow["pid"] as! Int
      let tid = flow["tid"] as! Int
      let ts = flow["ts"] as! Double
      #expect(
        slices.contains { $0.pid == pid && $0.tid == tid && $0.start <= ts && ts <= $0.end },
        "flow \(flow) binds to no slice")
    }
  }
}
