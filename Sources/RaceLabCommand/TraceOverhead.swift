import CoffeeScenarios
import CommandLineSupport
import Foundation
import RaceLab
import SimulatedPlatform

/// `race-lab trace-overhead`: what tracing costs a stress run. The same seeded iterations run
/// with tracing off and on, in back-to-back pairs so that a change of load on the machine falls
/// on both sides, and the command prints the total time of each and their ratio.
enum TraceOverhead {
  @MainActor
  static func run(_ arguments: ParsedArguments) async throws -> Bool {
    var arguments = arguments
    var configuration = Stress.Configuration(iterations: 40)
    configuration.iterations =
      try arguments.number("--iterations", as: Int.self) ?? configuration.iterations
    configuration.seed = try arguments.number("--seed", as: UInt64.self) ?? configuration.seed
    let rounds = try arguments.number("--rounds", as: Int.self) ?? 4
    _ = try arguments.positional()
    guard configuration.iterations > 0, rounds > 0 else {
      throw UsageError("--iterations and --rounds take a positive number")
    }

    // Each iteration runs twice in a row, once with tracing off and once on, the order
    // alternating: the two sides of a pair see the same seed and nearly the same machine load.
    var seconds: [Bool: Double] = [false: 0, true: 0]
    let clock = ContinuousClock()
    var pair = 0
    for _ in 0..<rounds {
      for variant in Variant.all {
        for index in 0..<configuration.iterations {
          let seed = configuration.seed &+ UInt64(index)
          pair += 1
          for tracing in pair.isMultiple(of: 2) ? [false, true] : [true, false] {
            let elapsed = try await clock.measure {
              _ = try await Tracer.$isEnabled.withValue(tracing) {
                try await Stress.runIteration(
                  on: variant, seed: seed, actions: configuration.actionsPerIteration)
              }
            }
            seconds[tracing]! +=
              Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
          }
        }
      }
    }
    let off = seconds[false]!
    let on = seconds[true]!
    let ratio = on / off
    print(
      "stress, \(rounds) rounds of \(configuration.iterations) iterations per variant from seed \(configuration.seed):"
    )
    print(String(format: "  tracing off: %.2f s", off))
    print(String(format: "  tracing on:  %.2f s", on))
    print(String(format: "  ratio on/off: %.3f (overhead %+.1f%%)", ratio, (ratio - 1) * 100))
    return true
  }
}
