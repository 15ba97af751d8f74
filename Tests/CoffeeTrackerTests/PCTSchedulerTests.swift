import CoffeeScenarios
import RaceLab
import Testing

/// The PCT scheduler: its bound is PCT's, and it takes control of the stress at the platform's
/// checkpoints without deadlocking the app or accusing the after variant.
@Suite("PCT scheduler")
@MainActor
struct PCTSchedulerTests {
  @Test(
    "The lower bound is 1/(n·k^(d−1))",
    arguments: [(2, 10, 1, 0.5), (4, 10, 2, 0.025), (3, 10, 3, 1.0 / 300)])
  func lowerBound(threads: Int, steps: Int, depth: Int, expected: Double) {
    let bound = PCTScheduler.lowerBound(threads: threads, steps: steps, depth: depth)
    #expect(abs(bound - expected) < 1e-12)
  }

  /// In a process of its own (an exit test): a crash of the after variant fails this test by
  /// name, and the rest of the run reports.
  @Test("Under PCT the after variant breaks no invariant, and the scheduler saw every thread")
  func afterIsCleanUnderPCT() async {
    await #expect(processExitsWith: .success) { try await Self.afterIsCleanUnderPCTInChild() }
  }

  /// In the child process.
  private static func afterIsCleanUnderPCTInChild() async throws {
    let configuration = Stress.Configuration(
      seed: 1, iterations: 10, timeBudget: 60, scheduler: .pct(depth: 2))
    let report = try await Stress.run(on: .after, configuration: configuration)
    #expect(report.findings.isEmpty, "\(report.findings.prefix(5))")
    let measure = try #require(report.pctMeasure)
    // Health callbacks and file writes reached checkpoints: more threads than the main queue.
    #expect(measure.threads > 1)
    #expect(measure.steps > measure.threads)
  }
}
