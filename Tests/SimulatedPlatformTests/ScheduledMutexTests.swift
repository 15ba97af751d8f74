import DeterministicScheduling
import Foundation
import SimulatedPlatform
import Testing

/// The lab's `Mutex` under the scheduler: taking and giving it back are points where another job
/// may run, and a job that finds it held waits for it. Outside a run it is a plain `Mutex`.
/// Under the scheduler the tests run in exit tests: the scheduler is one per process.
@Suite("Scheduled mutex")
struct ScheduledMutexTests {
  @Test("Outside a run, withLock is a Mutex's")
  func plainOutsideARun() {
    let mutex = ScheduledMutex<[Int]>([])
    mutex.withLock { $0.append(1) }
    #expect(mutex.withLock { $0 } == [1])
    #expect(mutex.withLockIfAvailable { $0.count } == 1)
  }

  @Test("One deviation puts another job's critical section between two of one job's")
  func criticalSectionsSplit() async {
    await #expect(processExitsWith: .success) {
      let report = ScheduleSearch.search(
        [0], bound: 1,
        run: { (_: Int, policy: SchedulingPolicy) -> (String?, DeterministicScheduler.Record) in
          let saved = ScheduledMutex<String?>(nil)
          let record = DeterministicScheduler.shared.run(policy: policy) { finish in
            let scheduler = DeterministicScheduler.shared
            let left = Countdown(2, finish)
            // The load: tests, then records, in two critical sections.
            scheduler.enqueue(
              {
                if saved.withLock({ $0 == nil }) { saved.withLock { $0 = "older" } }
                left.one()
              }, lane: .concurrent("load"), label: "load")
            // The save: records a newer list.
            scheduler.enqueue(
              {
                saved.withLock { $0 = "newer" }
                left.one()
              }, lane: .concurrent("save"), label: "save")
          }
          // Once the run is over: the load overwrote the save's record.
          return (saved.withLock { $0 }, record)
        },
        readyCounts: { $0.1.readyCounts },
        isFinding: { $0.0 == "older" && $0.1.schedule != .defaultOrder })
      precondition(report.finding != nil, "no schedule split the load's two critical sections")
      precondition(report.finding!.1.schedule.deviations.count == 1)
    }
  }

  @Test("A job that finds the lock held waits for it, while the holder is held at a checkpoint")
  func waitsForAHeldLock() async {
    await #expect(processExitsWith: .success) {
      for schedule in ["default", "0:1", "1:1", "1:2", "2:1"] {
        let mutex = ScheduledMutex<[String]>([])
        let record = DeterministicScheduler.shared.run(
          policy: .following(Schedule(parsing: schedule)!)
        ) { finish in
          let scheduler = DeterministicScheduler.shared
          let left = Countdown(2, finish)
          scheduler.enqueue(
            {
              mutex.withLock { list in
                list.append("A starts")
                scheduler.yieldPoint()  // a checkpoint inside the critical section
                list.append("A ends")
              }
              left.one()
            }, lane: .concurrent("a"), label: "A")
          scheduler.enqueue(
            {
              mutex.withLock { $0.append("B") }
              left.one()
            }, lane: .concurrent("b"), label: "B")
        }
        precondition(record.rootFinished && record.blockedOutside == nil, "schedule \(schedule)")
        let list = mutex.withLock { $0 }
        precondition(
          list == ["A starts", "A ends", "B"] || list == ["B", "A starts", "A ends"],
          "schedule \(schedule): \(list)")
      }
    }
  }
}

/// The lab's `NSLock` under the scheduler, as its `Mutex`.
@Suite("Scheduled NSLock")
struct ScheduledNSLockTests {
  @Test("Outside a run, it locks and unlocks as an NSLock")
  func plainOutsideARun() {
    let lock = ScheduledNSLock()
    #expect(lock.withLock { 1 } == 1)
    #expect(lock.try())
    #expect(!lock.try())
    lock.unlock()
  }

  @Test("One deviation puts another job's critical section between two of one job's")
  func criticalSectionsSplit() async {
    await #expect(processExitsWith: .success) {
      final class Saved: @unchecked Sendable {
        let lock = ScheduledNSLock()
        var value: String?
      }
      let report = ScheduleSearch.search(
        [0], bound: 1,
        run: { (_: Int, policy: SchedulingPolicy) -> (String?, DeterministicScheduler.Record) in
          let saved = Saved()
          let record = DeterministicScheduler.shared.run(policy: policy) { finish in
            let scheduler = DeterministicScheduler.shared
            let left = Countdown(2, finish)
            // The load: tests, then records, in two critical sections.
            scheduler.enqueue(
              {
                if saved.lock.withLock({ saved.value == nil }) {
                  saved.lock.withLock { saved.value = "older" }
                }
                left.one()
              }, lane: .concurrent("load"), label: "load")
            // The save: records a newer list.
            scheduler.enqueue(
              {
                saved.lock.withLock { saved.value = "newer" }
                left.one()
              }, lane: .concurrent("save"), label: "save")
          }
          return (saved.lock.withLock { saved.value }, record)
        },
        readyCounts: { $0.1.readyCounts },
        isFinding: { $0.0 == "older" && $0.1.schedule != .defaultOrder })
      precondition(report.finding != nil, "no schedule split the load's two critical sections")
      precondition(report.finding!.1.schedule.deviations.count == 1)
    }
  }
}

/// Calls `then` on the `count`-th call of `one()`.
private final class Countdown: @unchecked Sendable {
  private let lock = NSLock()
  private var left: Int
  private let then: @Sendable () -> Void

  init(_ count: Int, _ then: @escaping @Sendable () -> Void) {
    left = count
    self.then = then
  }

  func one() {
    let done = lock.withLock {
      left -= 1
      return left == 0
    }
    if done { then() }
  }
}
