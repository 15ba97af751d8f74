import CoffeeScenarios
import RaceLab
import Testing

/// A bounded, seeded stress run on each variant. The replays prove each race deterministically;
/// the stress shows the after variant holding every invariant when actions overlap at random.
@Suite("Stress", .timeLimit(.minutes(2)))
@MainActor
struct StressTests {
  static let configuration = Stress.Configuration(seed: 1, iterations: 40, timeBudget: 60)

  /// In a process of its own, as the behaviour suite's scenarios: a crash of the after variant
  /// fails this test, with the runtime's message, not the whole run.
  @Test("The after variant breaks no invariant")
  func afterIsClean() async throws {
    let crashLog = CrashLog()
    await #expect(processExitsWith: .success) { [crashLogPath = crashLog.path as String] in
      CrashLog.sendStandardError(to: crashLogPath)
      try await Self.expectAfterClean()
    }
    crashLog.reportCrash(running: "the stress on the after variant")
  }

  private static func expectAfterClean() async throws {
    let report = try await Stress.run(on: .after, configuration: configuration)
    #expect(report.iterations == configuration.iterations)
    #expect(report.findings.isEmpty, "\(report.findings.prefix(5))")
  }

  @Test("The before variant shows its seeded, deterministic defects")
  func beforeShowsDefects() async throws {
    let report = try await Stress.run(on: .before, configuration: Self.configuration)
    // Blocking I/O on main follows from the seeded actions alone (a save while in the
    // background), so these seeds always show it; the timing-dependent races may or may not.
    #expect(report.detections(of: "blocking-io-on-main") > 0)
  }
}
