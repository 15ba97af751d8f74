import DeterministicScheduling
import Dispatch
import Testing

@testable import SimulatedPlatform

/// The queue an exercise's `DispatchQueue` names: Dispatch's own outside an exploring run, the
/// scheduler's lanes and virtual time inside one.
@Suite("Scheduled dispatch queue")
struct ScheduledDispatchQueueTests {
  @Test("Outside a run, sync, asyncAfter and a global queue behave as Dispatch's")
  func outsideARun() async {
    let queue = ScheduledDispatchQueue(label: "outside")
    #expect(queue.sync { 42 } == 42)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.asyncAfter(deadline: .now() + .milliseconds(1)) { continuation.resume() }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      ScheduledDispatchQueue.global().async { continuation.resume() }
    }
  }

  @Test("Inside a run, asyncAfter is a timer on virtual time, and sync runs in the caller's job")
  func insideARun() async {
    await #expect(processExitsWith: .success) {
      final class Seen: @unchecked Sendable {
        var firedAt: Duration?
        var synced: Int?
      }
      let seen = Seen()
      let queue = ScheduledDispatchQueue(label: "inside")
      let scheduler = DeterministicScheduler.shared
      _ = scheduler.run(policy: .following(.defaultOrder)) { finish in
        // Called from the main lane, the block runs as on the queue it was given to.
        seen.synced = queue.sync {
          ScheduledDispatchQueue.precondition(.onQueue(queue))
          return 7
        }
        queue.asyncAfter(deadline: .now() + .seconds(30)) {
          seen.firedAt = scheduler.now
          finish()
        }
      }
      // Thirty seconds of virtual time, at once: no real clock is waited on.
      precondition(
        seen.synced == 7 && seen.firedAt == .seconds(30), "\(String(describing: seen.firedAt))")
    }
  }
}
