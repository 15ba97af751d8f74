import Foundation
import SimulatedPlatform

/// Traces in Chrome's trace event format, which Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open: each run a process, each lane a thread track, each event a short
/// complete event ("X"), each link a flow arrow ("s" to "f").
///
/// The format: https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU
public enum ChromeTrace {
  /// One traced run, named as its process will be.
  public struct Run: Sendable {
    public let name: String
    public let trace: Trace

    public init(name: String, trace: Trace) {
      self.name = name
      self.trace = trace
    }
  }

  /// How long each event's slice lasts, in microseconds: long enough to be clicked, short enough
  /// that the next event on the lane rarely overlaps it.
  static let sliceMicroseconds = 0.5

  /// The trace events of `runs` as JSON values.
  public static func events(_ runs: [Run]) -> [[String: Any]] {
    var events: [[String: Any]] = []
    var flowID = 0
    for (runIndex, run) in runs.enumerated() {
      let pid = runIndex + 1
      events.append([
        "name": "process_name", "ph": "M", "pid": pid, "tid": 0, "args": ["name": run.name],
      ])
      let lanes = run.trace.lanes
      let tid = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0 + 1) })
      for lane in lanes {
        events.append([
          "name": "thread_name", "ph": "M", "pid": pid, "tid": tid[lane]!,
          "args": ["name": lane.description],
        ])
        events.append([
          "name": "thread_sort_index", "ph": "M", "pid": pid, "tid": tid[lane]!,
          "args": ["sort_index": tid[lane]!],
        ])
      }
      let byOrder = Dictionary(uniqueKeysWithValues: run.trace.events.map { ($0.order, $0) })
      for event in run.trace.events {
        var args: [String: Any] = ["order": event.order]
        if let task = event.task { args["task"] = task }
        events.append([
          "name": event.label, "cat": category(of: event), "ph": "X",
          "ts": microseconds(event), "dur": sliceMicroseconds, "pid": pid, "tid": tid[event.lane]!,
          "args": args,
        ])
      }
      for link in run.trace.links {
        guard let from = byOrder[link.from], let to = byOrder[link.to] else { continue }
        flowID += 1
        events.append([
          "name": link.kind.rawValue, "cat": "link", "ph": "s", "id": flowID,
          "ts": microseconds(from), "pid": pid, "tid": tid[from.lane]!,
        ])
        events.append([
          "name": link.kind.rawValue, "cat": "link", "ph": "f", "bp": "e", "id": flowID,
          "ts": microseconds(to), "pid": pid, "tid": tid[to.lane]!,
        ])
      }
    }
    return events
  }

  /// The JSON document for `runs`.
  public static func data(_ runs: [Run]) throws -> Data {
    try JSONSerialization.data(
      withJSONObject: ["traceEvents": events(runs), "displayTimeUnit": "ns"],
      options: [.sortedKeys])
  }

  /// Writes `runs` to the file at `path`.
  ///
  /// - Throws: `WriteError`, which says which file and why in one line.
  public static func write(_ runs: [Run], to path: String) throws {
    do {
      try data(runs).write(to: URL(fileURLWithPath: path), options: [.atomic])
    } catch {
      throw WriteError(path: path, reason: error.localizedDescription)
    }
  }

  /// A trace file that could not be written.
  public struct WriteError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "could not write the trace file \(path): \(reason)" }
  }

  private static func microseconds(_ event: TraceEvent) -> Double {
    Double(event.nanoseconds) / 1000
  }

  private static func category(of event: TraceEvent) -> String {
    guard let kind = event.platformEvent?.kind else { return "mark" }
    switch kind {
    case .log: return "log"
    case .publishedChange: return "model"
    case .fileRead, .fileWritten, .fileMovedAside, .fileWriteLostAtSuspension, .fileWriteFailed,
      .blockingFileIOOnMainQueue, .defaultsWriteLostAtSuspension:
      return "file"
    case .healthAuthorizationRequested, .healthSampleSaved, .healthSampleSaveFailed,
      .healthQueryAnswered, .healthQueryFailed:
      return "health"
    case .complicationReloaded, .complicationTimelineProvided: return "complication"
    case .applicationStateChanged, .backgroundTaskDelivered, .backgroundTaskCompleted,
      .backgroundRefreshScheduled:
      return "runtime"
    }
  }
}
