import CoffeeScenarios
import Foundation
import LabCheckKit
import SimulatedPlatform

/// Runs `operation` in a task of its own and waits until the app has gone still, its async work
/// included. Returns the operation's result, or nil when it never finished: once nothing is left
/// to run anywhere, nothing will ever finish it. No clock is involved: `settle` counts the
/// operation's jobs and the platform work it waits for until none is left.
@MainActor
public func resultOnceStill<Result: Sendable>(
  on platform: SimulatedPlatform, _ driver: any CoffeeTrackerDriver,
  _ operation: @escaping @Sendable () async -> Result
) async throws -> Result? {
  let result = PlatformLock<Result?>(nil)
  Task.detached {
    let value = await operation()
    result.withLock { $0 = value }
  }
  try await platform.settle(driver)
  return result.withLock { $0 }
}
