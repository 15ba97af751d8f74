import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// One scenario played on every chosen variant, one after the other.
struct ScenarioPlay {
  let scenario: Scenario
  let runs: [VariantRun]

  /// Plays `scenario` on each of `variants` in turn, each on a new platform built from
  /// `configuration`, with health store calls and file writes slowed by up to
  /// `latencyMilliseconds` when given. `willRun` is called before each variant starts.
  @MainActor
  static func play(
    _ scenario: Scenario, on variants: [Variant], configuration: SimulatedPlatform.Configuration,
    latencyMilliseconds: Int?, willRun: (Variant) -> Void = { _ in }
  ) async -> ScenarioPlay {
    var runs: [VariantRun] = []
    for variant in variants {
      willRun(variant)
      // Each run gets a fresh documents folder that the demo removes itself: a platform only
      // removes its own folder when it is deallocated, which the end of a run does not ensure.
      var runConfiguration = configuration
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("coffee-demo-\(UUID().uuidString)", isDirectory: true)
      runConfiguration.documentsFolder = folder
      defer { try? FileManager.default.removeItem(at: folder) }

      var records: [ScenarioOutcome.StepRecord] = []
      let result: Result<ScenarioOutcome, any Error>
      do {
        result = .success(
          try await ScenarioRunner.run(
            scenario, on: variant, configuration: runConfiguration,
            configure: { platform in
              if let latencyMilliseconds { platform.slow(upTo: latencyMilliseconds) }
            },
            onStep: { records.append($0) }))
      } catch {
        result = .failure(error)
      }
      runs.append(VariantRun(variant: variant, records: records, result: result))
    }
    return ScenarioPlay(scenario: scenario, runs: runs)
  }
}

extension SimulatedPlatform {
  /// Makes each health store call and file write take a random time of up to `milliseconds`,
  /// drawn from the platform's seeded generator.
  func slow(upTo milliseconds: Int) {
    let latency = Latency.jittered(0...Double(milliseconds) / 1000)
    healthStore.behaviour.latency = latency
    documents.writeLatency = latency
  }
}
