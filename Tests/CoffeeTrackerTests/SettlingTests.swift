import CoffeeScenarios
import Foundation
import SimulatedPlatform
import Testing

/// `settle` knows when the app has gone still: it counts the jobs of Swift's global executor, so a
/// task still queued there is never taken for stillness, however slow the machine.
@Suite("Settling")
@MainActor
struct SettlingTests {
  @Test("This runtime lets the lab count the jobs of Swift's executors")
  func runtimeJobsAreCounted() throws {
    _ = try SimulatedPlatform()
    // Without the hooks, settle falls back to quiet rounds, which can miss a queued job.
    #expect(ActivityMonitor.countsRuntimeJobs)
  }

  @Test("Settling waits for a task that keeps yielding")
  func waitsForYieldingTask() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.after.launch(platform)
    try await platform.settle(driver)

    // Always queued or running until it writes: a yield enqueues the task again before the job
    // that yields returns. Each step takes a while, as work on a busy machine does: settling
    // must wait for it, not outlast it (three quiet rounds of draining returned long before).
    Task.detached {
      for _ in 0..<100 {
        workForAMoment()
        await Task.yield()
      }
      try? platform.documents.write(Data([1]), toFileNamed: "late")
    }
    try await platform.settle(driver)
    #expect(platform.documents.contents(ofFileNamed: "late") == Data([1]))
  }
}

/// Two milliseconds of work on the calling thread, as a step of the app takes on a busy machine.
nonisolated func workForAMoment() {
  Thread.sleep(forTimeInterval: 0.002)
}
