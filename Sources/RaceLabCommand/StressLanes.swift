import CoffeeScenarios
import CommandLineSupport
import LabTrace
import RaceLab
import SimulatedPlatform

/// `race-lab stress --seed N --lanes`: one stress iteration, traced, drawn as lanes with the
/// racing accesses of every finding marked, and its findings after.
enum StressLanes {
  @MainActor
  static func draw(
    variants: [Variant], configuration: Stress.Configuration, traceFile: String?
  ) async throws -> Bool {
    var succeeded = true
    var runs: [ChromeTrace.Run] = []
    for variant in variants {
      let collector = TraceCollector()
      let findings = try await collector.collecting {
        // The scheduler the command names: a seed replays its actions and latencies under
        // either, but only PCT also decides the threads' order from the seed.
        try await Stress.runIteration(
          on: variant, seed: configuration.seed, actions: configuration.actionsPerIteration,
          scheduler: configuration.scheduler)
      }
      let entries = Set(findings.compactMap(\.entryID)).compactMap(RaceCatalog.entry)
      guard let trace = collector.traces.last else { continue }
      runs.append(
        ChromeTrace.Run(name: "stress \(variant), seed \(configuration.seed)", trace: trace))
      var diagram = LaneDiagram(
        trace: trace,
        title:
          "stress \(variant), seed \(configuration.seed), scheduler \(configuration.scheduler): "
          + "what ran where",
        isRacing: { event in entries.contains { $0.isRacingAccess(event) } })
      diagram.showsKey = true
      let style = TerminalStyle.standardOutput
      print(diagram.render(style: style).joined(separator: "\n"))
      if findings.isEmpty {
        print("  no finding\n")
      } else {
        for finding in findings { print("  " + style.alarm("finding: ") + finding.description) }
        print()
      }
      if variant == .after && !findings.isEmpty { succeeded = false }
    }
    if let traceFile { try ChromeTrace.write(runs, to: traceFile) }
    return succeeded
  }
}
