import Dispatch
import Foundation

/// Everything in flight in this process that can still make an app on a simulated platform do
/// something: the jobs of Swift's global executor, and each platform's own work. One lock guards
/// all the counters, so one look at them sees one instant: an app's work always starts its next
/// step before the current one ends (a callback resumes a continuation before it returns, a job
/// enqueues its successor before it returns), so "everything is zero" at one instant means
/// nothing is left to run.
///
/// Jobs are counted process-wide, not per platform: a job cannot be told apart by the test that
/// started it when it is enqueued. So a platform waiting for stillness also waits for the jobs of
/// other tests running beside it, which only delays it; it never changes what any job does.
enum InFlightWork {
  private struct State {
    var runtimeJobs = 0
    /// The jobs queued or running on the global executor: counted down as soon as each returns.
    var jobsOnGlobalExecutor = 0
    var platformWork: [ObjectIdentifier: Int] = [:]
    var stillnessWaiters: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]
    var platformIdleWaiters: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]

    func isStill(_ platform: ObjectIdentifier) -> Bool {
      runtimeJobs == 0 && platformWork[platform, default: 0] == 0
    }

    /// Removes and returns the waiters whose platform is still now.
    mutating func takeWaitersNowStill() -> [CheckedContinuation<Void, Never>] {
      guard runtimeJobs == 0 else { return [] }
      var ready: [CheckedContinuation<Void, Never>] = []
      for (platform, waiters) in stillnessWaiters where platformWork[platform, default: 0] == 0 {
        ready += waiters
        stillnessWaiters[platform] = nil
      }
      return ready
    }
  }

  private static let state = PlatformLock(State())

  /// How many runtime jobs are queued or running.
  static var runtimeJobs: Int { state.withLock { $0.runtimeJobs } }

  static var jobsOnGlobalExecutor: Int { state.withLock { $0.jobsOnGlobalExecutor } }

  static func platformWork(of platform: ObjectIdentifier) -> Int {
    state.withLock { $0.platformWork[platform, default: 0] }
  }

  static func beginPlatformWork(of platform: ObjectIdentifier) {
    state.withLock { $0.platformWork[platform, default: 0] += 1 }
  }

  static func endPlatformWork(of platform: ObjectIdentifier) {
    let ready = state.withLock { state in
      let remaining = state.platformWork[platform, default: 0] - 1
      precondition(remaining >= 0, "platform work ended more often than it began")
      // Forget a platform with nothing in flight, so that no entry outlives its platform.
      state.platformWork[platform] = remaining == 0 ? nil : remaining
      var ready = state.takeWaitersNowStill()
      if remaining == 0 {
        ready += state.platformIdleWaiters.removeValue(forKey: platform) ?? []
      }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  static func jobEnqueued() {
    state.withLock {
      $0.runtimeJobs += 1
      $0.jobsOnGlobalExecutor += 1
    }
  }

  static func jobReturned() {
    state.withLock { $0.jobsOnGlobalExecutor -= 1 }
  }

  static func jobFinished() {
    let ready = state.withLock { state in
      state.runtimeJobs -= 1
      return state.takeWaitersNowStill()
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once `platform` has no work in flight, whatever the runtime's jobs are doing.
  static func waitUntilNoPlatformWork(_ platform: ObjectIdentifier) async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state in
        if state.platformWork[platform, default: 0] == 0 { return true }
        state.platformIdleWaiters[platform, default: []].append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// Returns at an instant when no runtime job is queued or running and `platform` has no work
  /// in flight.
  static func waitUntilStill(_ platform: ObjectIdentifier) async {
    await withCheckedContinuation { continuation in
      let isStill = state.withLock { state in
        if state.isStill(platform) { return true }
        state.stillnessWaiters[platform, default: []].append(continuation)
        return false
      }
      if isStill { continuation.resume() }
    }
  }
}
