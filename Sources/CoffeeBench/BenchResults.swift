import Foundation
import RaceLab

/// Everything one `coffee-bench` run measured, as written to bench.json.
struct BenchResults: Codable {
  /// p50 and p99 of one figure on one variant, in seconds.
  struct Percentiles: Codable {
    let p50: Double
    let p99: Double
    let samples: Int

    init(_ samples: Samples) {
      p50 = samples.p50
      p99 = samples.p99
      self.samples = samples.count
    }
  }

  /// One figure on both variants; the ratios are before ÷ after (null when after is 0).
  struct Comparison: Codable {
    let before: Percentiles
    let after: Percentiles
    let ratioP50: Double?
    let ratioP99: Double?

    init(before: Samples, after: Samples) {
      self.before = Percentiles(before)
      self.after = Percentiles(after)
      ratioP50 = Ratio.value(before: before.p50, after: after.p50)
      ratioP99 = Ratio.value(before: before.p99, after: after.p99)
    }
  }

  struct MainQueueRow: Codable {
    let drinks: Int
    let userAction: Comparison
    let refreshFileIO: Comparison
    let probeWorstDelay: Comparison
  }

  struct Hop: Codable {
    let name: String
    let usedBy: String
    let nanoseconds: Double
  }

  struct Detection: Codable {
    let entry: String
    /// The share of the before variant's iterations that found the entry.
    let rate: Double
    let firstIteration: Int?
    let firstSeconds: Double?
  }

  struct SchedulerRun: Codable {
    let scheduler: String
    let iterations: Int
    /// The actions each iteration fired.
    let actionsPerIteration: Int
    let detections: [Detection]
    let afterFindings: Int
    /// PCT's lower bound per iteration for the run's largest n and k, when PCT ran.
    let pctLowerBound: Double?
    let pctThreads: Int?
    let pctSteps: Int?
  }

  let build: String
  let diskLatencySeconds: Double
  let complications: Int
  let repeats: Int
  let mainQueue: [MainQueueRow]
  let hops: [Hop]
  let detection: [SchedulerRun]
  let seconds: Double

  static var buildConfiguration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  init(
    options: BenchOptions, mainQueue: [MainQueueBench.Row], hops: [HopCosts.Figure],
    detection: [DetectionPower.Run], seconds: Double
  ) {
    build = Self.buildConfiguration
    diskLatencySeconds = options.diskLatency
    complications = options.complications
    repeats = options.repeats
    self.mainQueue = mainQueue.map {
      MainQueueRow(
        drinks: $0.drinks,
        userAction: Comparison(before: $0.before.userAction, after: $0.after.userAction),
        refreshFileIO: Comparison(before: $0.before.refreshFileIO, after: $0.after.refreshFileIO),
        probeWorstDelay: Comparison(
          before: $0.before.probeWorstDelay, after: $0.after.probeWorstDelay))
    }
    self.hops = hops.map { Hop(name: $0.name, usedBy: $0.usedBy, nanoseconds: $0.seconds * 1e9) }
    self.detection = detection.map { run in
      SchedulerRun(
        scheduler: run.scheduler.description, iterations: run.before.iterations,
        actionsPerIteration: run.before.actionsPerIteration,
        detections: DetectionPower.claimedEntries.map { entry in
          let first = run.before.firstDetection[entry.id]
          return Detection(
            entry: entry.id,
            rate: Double(run.before.detections(of: entry.id))
              / Double(max(1, run.before.iterations)),
            firstIteration: first?.iteration, firstSeconds: first?.seconds)
        },
        afterFindings: run.after.findings.count, pctLowerBound: run.before.pctLowerBound,
        pctThreads: run.before.pctMeasure?.threads, pctSteps: run.before.pctMeasure?.steps)
    }
    self.seconds = seconds
  }
}
