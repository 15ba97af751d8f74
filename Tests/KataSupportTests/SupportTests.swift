import Foundation
import KataSupport
import Testing

private let url = URL(string: "https://kata.example/held")!

@Suite("Event log, manual clock and step executor")
struct SupportTests {
  @Test("An event log wakes its waiter once it holds enough elements")
  func eventLog() async {
    let log = EventLog<Int>()
    let waiter = Task { await log.waitUntil(count: 2) }
    log.append(1)
    log.append(2)
    #expect(await waiter.value)
    #expect(log.elements == [1, 2])
    #expect(await log.waitUntil(count: 1))
    #expect(await log.waitUntil(count: 3, timeout: .milliseconds(10)) == false)
  }

  @Test("A sleeper on the manual clock is cancelled with its task")
  func clockCancellation() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    while clock.sleeperCount == 0 { await Task.yield() }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("A cancelled request whose latency is being slept is counted as cancelled")
  func cancelledDuringLatency() async {
    let clock = ManualClock()
    let transport = SimulatedTransport(clock: clock)
    transport.delay(url, by: .seconds(1))
    let request = Task { try await transport.data(for: url) }
    while clock.sleeperCount == 0 { await Task.yield() }
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(transport.statistics.cancellations == 1)
  }

  @Test("A step executor set to run freely runs what it held and what comes later")
  func runFreely() async throws {
    let executor = StepExecutor()
    let transport = SimulatedTransport()
    transport.hold(url)
    let task = Task.detached(executorPreference: executor) {
      try await transport.data(for: url).1
    }
    #expect(executor.pendingJobs == 1)
    executor.runUntilIdle()
    #expect(transport.statistics.held == 1)
    executor.runFreely()
    transport.release(url)
    #expect(try await task.value == .notFound)
  }

  @Test("A fixed-width executor whose threads all block runs no further job; the transport answers")
  func fixedWidthExecutorBlocked() async {
    let executor = FixedWidthExecutor(width: 2)
    defer { executor.shutDown() }
    let transport = SimulatedTransport()
    transport.route(url, .image(named: "held"))
    transport.hold(url)
    let started = EventLog<Int>()
    let finished = EventLog<Int>()
    for index in 0..<4 {
      Task.detached(executorPreference: executor) {
        started.append(index)
        // Blocks one of the executor's two threads until the transport's callback runs.
        let answered = DispatchSemaphore(value: 0)
        transport.load(url) { _ in answered.signal() }
        answered.wait()
        finished.append(index)
      }
    }
    // Two requests held: both threads are blocked, the two other jobs wait for one. No third job
    // can start before an answer, so these counts are exact, not a snapshot of a race.
    #expect(await transport.waitUntilHeld(2))
    #expect(started.count == 2)
    #expect(executor.runningJobs == 2)
    #expect(executor.pendingJobs == 2)
    // The transport's own tasks run on the global pool (Task.detached does not take the
    // executor preference of the task that starts it): releasing them unblocks everything.
    transport.release(url)
    #expect(await finished.waitUntil(count: 4))
    #expect(transport.statistics.requests == 4)
    #expect(await executor.waitUntilIdle())
  }

  @Test("A fixed-width executor is idle while its tasks are all suspended")
  func fixedWidthExecutorSuspended() async throws {
    let executor = FixedWidthExecutor(width: 2)
    defer { executor.shutDown() }
    let transport = SimulatedTransport()
    transport.hold(url)
    let requests = (0..<4).map { _ in
      Task.detached(executorPreference: executor) { try await transport.data(for: url).1 }
    }
    // Awaiting the held transport suspends each task and frees its thread: all four requests
    // arrive, and then no job runs or waits.
    #expect(await transport.waitUntilHeld(4))
    #expect(await executor.waitUntilIdle())
    #expect(executor.runningJobs == 0 && executor.pendingJobs == 0)
    transport.release(url)
    for request in requests { #expect(try await request.value == .notFound) }
  }
}
