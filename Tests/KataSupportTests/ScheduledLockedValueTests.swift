import DeterministicScheduling
import Foundation
import KataSupport
import Testing

/// The kata's `LockedValue` under the scheduler: taking and giving it back are points where
/// another job may run, except while a check cancels a task (`LockScheduling.isCancelling`).
/// Outside a run it is a plain `LockedValue`. Under the scheduler the tests run in exit tests:
/// the scheduler is one per process.
@Suite("Scheduled locked value")
struct ScheduledLockedValueTests {
  @Test("Outside a run, withLock is a LockedValue's")
  func plainOutsideARun() {
    let value = ScheduledLockedValue<[Int]>([])
    value.withLock { $0.append(1) }
    #expect(value.current == [1])
  }

  @Test("A job's two sections can be split, around a cancelling job's sections too")
  func sectionsSplit() async {
    await #expect(processExitsWith: .success) {
      for cancelling in [false, true] {
        let report = ScheduleSearch.search(
          [0], bound: 2,
          run: { (_: Int, policy: SchedulingPolicy) -> (Int, DeterministicScheduler.Record) in
            let resumes = ScheduledLockedValue(0)
            let resumed = ScheduledLockedValue(false)
            // Tests the flag, then sets it, in two sections: the two-section mistake.
            let resumeOnce: @Sendable () -> Void = {
              guard !resumed.current else { return }
              resumed.withLock { $0 = true }
              resumes.withLock { $0 += 1 }
            }
            let record = DeterministicScheduler.shared.run(policy: policy) { finish in
              let scheduler = DeterministicScheduler.shared
              let left = LockedValue(2)
              let one: @Sendable () -> Void = {
                if left.withLock({
                  $0 -= 1
                  return $0 == 0
                }) {
                  finish()
                }
              }
              scheduler.enqueue(
                {
                  LockScheduling.$isCancelling.withValue(cancelling) { resumeOnce() }
                  one()
                }, lane: .concurrent("cancel"), label: "cancel")
              scheduler.enqueue(
                {
                  resumeOnce()
                  one()
                }, lane: .concurrent("handler"), label: "handler")
            }
            return (resumes.withLock { $0 }, record)
          },
          readyCounts: { $0.1.readyCounts },
          isFinding: { $0.0 == 2 })
        // Cancelling, the cancel job's sections run without a pause, but the handler's can
        // still be split around them.
        precondition(report.finding != nil, "no schedule split the two sections (\(cancelling))")
        if !cancelling { precondition(report.finding!.1.schedule.deviations.count == 1) }
      }
    }
  }
}
