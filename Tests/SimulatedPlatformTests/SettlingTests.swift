import CoffeeDomain
import Foundation
import SimulatedPlatform
import Testing

/// `settle` knows when the app has gone still: it counts the jobs of Swift's global executor, so a
/// task still queued there is never taken for stillness, however slow the machine.
@Suite("Settling")
@MainActor
struct SettlingTests {
  @Test("This runtime lets the lab count the jobs of Swift's global executor")
  func runtimeJobsAreCounted() throws {
    _ = try SimulatedPlatform()
    // Without the hook, settle falls back to quiet rounds, which can miss a queued job.
    #expect(ActivityMonitor.countsRuntimeJobs)
  }

  @Test("Waiting for no platform work returns once the callbacks have returned")
  func waitsForPlatformWork() async throws {
    let platform = try SimulatedPlatform()
    platform.healthStore.configure { $0.latency = .fixed(0.05) }
    platform.healthStore.requestAuthorization { _, _ in }
    #expect(platform.activity.inFlight == 1)
    await platform.activity.waitUntilNothingInFlight()
    #expect(platform.activity.inFlight == 0)
    #expect(platform.healthStore.authorizationStatus() == .sharingAuthorized)
  }

  @Test("Settling waits for a task that keeps hopping between the main actor and the pool")
  func waitsForHoppingTask() async throws {
    let platform = try SimulatedPlatform()
    // No app: this test is about settling, and the work it waits for is the test's own.
    let driver = NoApp.launch(on: platform)
    try await platform.settle(driver)

    // Always counted until it writes: each hop to the main actor is queued before the pool job
    // that made it returns, and the hop back before the main-actor job returns. Each step takes
    // a while, as work on a busy machine does: settling must wait for it, not outlast it (three
    // quiet rounds of draining returned long before it wrote).
    Task.detached {
      for _ in 0..<100 {
        workForAMoment()
        await MainActor.run {}
      }
      try? platform.documents.write(Data([1]), toFileNamed: "late")
    }
    try await platform.settle(driver)
    #expect(platform.documents.contents(ofFileNamed: "late") == Data([1]))
  }
}

/// A driver with no app behind it, for settling the platform alone: no drinks, no queues of its
/// own to drain.
final class NoApp: CoffeeTrackerDriver {
  static func launch(on platform: SimulatedPlatform) -> NoApp { NoApp() }
  var currentDrinks: [Drink] { [] }
  func addDrink(mgCaffeine: Double, onDate date: Date) {}
  func requestAuthorization(completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
  func loadNewDataFromHealthKit(completion: @escaping @Sendable (Bool) -> Void) {
    completion(false)
  }
  func drainAppExecutors() async {}
}

/// Two milliseconds of work on the calling thread, as a step of the app takes on a busy machine.
private nonisolated func workForAMoment() {
  Thread.sleep(forTimeInterval: 0.002)
}
