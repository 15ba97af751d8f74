import DeterministicScheduling
import Dispatch
import Foundation
import Testing

/// The scheduler on blocks alone (this test process keeps the runtime's own executors). Each test
/// runs in an exit test, a process of its own: the scheduler is one per process, and while it
/// runs, the platform hands it the work of any other test's platform.
@Suite("The deterministic scheduler")
struct SchedulerTests {
  /// Two blocks that each read a counter, stop at a yield point, and write it back plus one.
  static func lostUpdateRun(_ policy: SchedulingPolicy) -> (Int, DeterministicScheduler.Record) {
    final class Counter: @unchecked Sendable { var value = 0 }
    let counter = Counter()
    let record = DeterministicScheduler.shared.run(policy: policy) { finish in
      let scheduler = DeterministicScheduler.shared
      for name in ["first", "second"] {
        scheduler.enqueue(
          {
            let read = counter.value
            scheduler.yieldPoint()
            counter.value = read + 1
          }, lane: .concurrent(name), label: "\(name) increment")
      }
      scheduler.enqueue(finish, lane: .concurrent("end"), label: "the end")
    }
    return (counter.value, record)
  }

  @Test("The default order loses nothing; one deviation loses the update; the search finds it")
  func findsLostUpdate() async {
    await #expect(processExitsWith: .success) {
      let (defaultValue, defaultRecord) = SchedulerTests.lostUpdateRun(.following(.defaultOrder))
      precondition(defaultValue == 2, "the default order runs each block to its end")
      var found: Schedule?
      for step in defaultRecord.readyCounts.indices {
        for choice in 1..<defaultRecord.readyCounts[step] {
          let schedule = Schedule.defaultOrder.adding(step: step, choice: choice)
          if SchedulerTests.lostUpdateRun(.following(schedule)).0 == 1 { found = schedule }
        }
      }
      let schedule = found!
      precondition(schedule.deviations.count == 1)
      // A replay takes the same steps every time.
      let first = SchedulerTests.lostUpdateRun(.following(schedule)).1
      for _ in 0..<100 {
        let again = SchedulerTests.lostUpdateRun(.following(schedule))
        precondition(again.0 == 1 && again.1.steps == first.steps)
        precondition(again.1.schedule == schedule)
      }
    }
  }

  @Test("A serial lane runs its blocks in the order queued, whatever the schedule")
  func serialLaneKeepsOrder() async {
    await #expect(processExitsWith: .success) {
      final class Log: @unchecked Sendable { var entries: [String] = [] }
      func run(_ schedule: Schedule) -> ([String], DeterministicScheduler.Record) {
        let log = Log()
        let record = DeterministicScheduler.shared.run(policy: .following(schedule)) { finish in
          let scheduler = DeterministicScheduler.shared
          for index in 0..<3 {
            scheduler.enqueue(
              { log.entries.append("serial \(index)") }, lane: .serial("queue"), label: "s\(index)")
            scheduler.enqueue(
              { log.entries.append("global \(index)") }, lane: .concurrent("g\(index)"),
              label: "g\(index)")
          }
          scheduler.enqueue(finish, lane: .concurrent("end"), label: "the end")
        }
        return (log.entries, record)
      }
      let (_, record) = run(.defaultOrder)
      var schedules = 0
      for step in record.readyCounts.indices {
        for choice in 1..<record.readyCounts[step] {
          let (entries, _) = run(Schedule.defaultOrder.adding(step: step, choice: choice))
          let serial = entries.filter { $0.hasPrefix("serial") }
          precondition(serial == ["serial 0", "serial 1", "serial 2"], "\(entries)")
          schedules += 1
        }
      }
      precondition(schedules > 0)
    }
  }

  @Test("Nothing ready while the root still waits ends the run at once, as a hang")
  func hangIsImmediate() async {
    await #expect(processExitsWith: .success) {
      let record = DeterministicScheduler.shared.run(policy: .following(.defaultOrder)) { _ in
        // The root never calls `finish`, and queues nothing that would.
      }
      precondition(!record.rootFinished && record.blockedOutside == nil)
    }
  }

  @Test("A block that waits on a semaphore is named as blocked outside the scheduler")
  func blockingWaitIsNamed() async {
    await #expect(processExitsWith: .success) {
      let record = DeterministicScheduler.shared.run(
        policy: .following(.defaultOrder), blockingLimit: 0.2
      ) { _ in
        DeterministicScheduler.shared.enqueue(
          { DispatchSemaphore(value: 0).wait() }, lane: .concurrent("waiter"),
          label: "a block that waits forever")
      }
      precondition(record.blockedOutside?.contains("a block that waits forever") == true)
    }
  }

  @Test(
    "A block that is only slow, its thread runnable all along, is not named as blocked",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self"))
  )
  func slowBlockIsNotBlocked() async {
    await #expect(processExitsWith: .success) {
      // Busy for five limits' worth of wall time, as a job starved of a core on a busy machine
      // would be: its thread is runnable, never asleep in a wait.
      let record = DeterministicScheduler.shared.run(
        policy: .following(.defaultOrder), blockingLimit: 0.2
      ) { finish in
        DeterministicScheduler.shared.enqueue(
          {
            let end = Date().addingTimeInterval(1)
            while Date() < end {}
            finish()
          }, lane: .concurrent("worker"), label: "a block that computes for a while")
      }
      precondition(record.rootFinished && record.blockedOutside == nil)
    }
  }

  @Test("Timers run on virtual time: a long delay costs nothing and orders by its end")
  func virtualTime() async {
    await #expect(processExitsWith: .success) {
      final class Log: @unchecked Sendable { var entries: [String] = [] }
      let log = Log()
      let record = DeterministicScheduler.shared.run(policy: .following(.defaultOrder)) { finish in
        let scheduler = DeterministicScheduler.shared
        scheduler.enqueue(
          { log.entries.append("an hour") }, lane: .concurrent("a"), label: "an hour",
          after: .seconds(3600))
        scheduler.enqueue(
          { log.entries.append("a minute") }, lane: .concurrent("b"), label: "a minute",
          after: .seconds(60))
        scheduler.enqueue(
          { finish() }, lane: .concurrent("c"), label: "the end", after: .seconds(7200))
      }
      precondition(log.entries == ["a minute", "an hour"], "\(log.entries)")
      precondition(record.elapsed == .seconds(7200) && record.rootFinished)
    }
  }

  @Test("A timer fires when nothing else is ready; one deviation fires it before ready work")
  func oneDeviationFiresATimer() async {
    await #expect(processExitsWith: .success) {
      final class Log: @unchecked Sendable { var entries: [String] = [] }
      func run(_ schedule: Schedule) -> [String] {
        let log = Log()
        _ = DeterministicScheduler.shared.run(policy: .following(schedule)) { finish in
          let scheduler = DeterministicScheduler.shared
          scheduler.enqueue(
            { log.entries.append("sample arrives") }, lane: .serial("outside"),
            label: "sample arrives", after: .seconds(1))
          scheduler.enqueue({ log.entries.append("work 1") }, lane: .main, label: "work 1")
          scheduler.enqueue({ log.entries.append("work 2") }, lane: .main, label: "work 2")
          scheduler.enqueue({ finish() }, lane: .main, label: "the end", after: .seconds(10))
        }
        return log.entries
      }
      let defaultOrder = run(.defaultOrder)
      precondition(defaultOrder == ["work 1", "work 2", "sample arrives"], "\(defaultOrder)")
      // At the first decision the candidates are work 1, then the timers by their end: the
      // sample's timer is choice 1, and runs at once, before any work.
      let early = run(Schedule(parsing: "0:1")!)
      precondition(early == ["sample arrives", "work 1", "work 2"], "\(early)")
    }
  }

  @Test(
    "One deviation at a checkpoint holds the job until nothing else is ready and no timer is left")
  func oneDeviationHoldsAJob() async {
    await #expect(processExitsWith: .success) {
      final class Log: @unchecked Sendable { var entries: [String] = [] }
      func run(_ schedule: Schedule) -> [String] {
        let log = Log()
        _ = DeterministicScheduler.shared.run(policy: .following(schedule)) { finish in
          let scheduler = DeterministicScheduler.shared
          scheduler.enqueue(
            {
              log.entries.append("read starts")
              scheduler.yieldPoint()
              log.entries.append("read ends")
            }, lane: .concurrent("read"), label: "read")
          scheduler.enqueue(
            { log.entries.append("save") }, lane: .concurrent("save"), label: "save")
          scheduler.enqueue(
            { log.entries.append("sample arrives") }, lane: .serial("outside"),
            label: "sample arrives", after: .seconds(1))
          scheduler.enqueue({ finish() }, lane: .main, label: "the end", after: .seconds(10))
        }
        return log.entries
      }
      let defaultOrder = run(.defaultOrder)
      precondition(
        defaultOrder == ["read starts", "read ends", "save", "sample arrives"], "\(defaultOrder)")
      // Decision 0 starts the read; decision 1 is its checkpoint, where choice 1 is the save.
      let held = run(Schedule(parsing: "1:1")!)
      precondition(
        held == ["read starts", "save", "sample arrives", "read ends"], "\(held)")
    }
  }

  @Test(
    "A held job resumes within a minute of virtual time, behind a timer that sets itself again")
  func holdEndsBehindARepeatingTimer() async {
    await #expect(processExitsWith: .success) {
      final class Polls: @unchecked Sendable {
        var readEnded = false
        var count = 0
      }
      let polls = Polls()
      let scheduler = DeterministicScheduler.shared
      // A poll every second for as long as the read has not ended; a thousand at most, so that
      // a scheduler that never resumes the read fails here instead of running for ever.
      @Sendable func poll() {
        polls.count += 1
        guard !polls.readEnded, polls.count < 1000 else { return }
        scheduler.enqueue(poll, lane: .serial("poll"), label: "poll", after: .seconds(1))
      }
      _ = scheduler.run(policy: .following(Schedule(parsing: "1:1")!)) { finish in
        scheduler.enqueue(
          {
            scheduler.yieldPoint()
            polls.readEnded = true
            finish()
          }, lane: .concurrent("read"), label: "read")
        scheduler.enqueue({}, lane: .concurrent("save"), label: "save")
        scheduler.enqueue(poll, lane: .serial("poll"), label: "poll", after: .seconds(1))
      }
      // Held at decision 1, the read resumes once the polls reach a minute past its hold.
      precondition(polls.readEnded && (55...65).contains(polls.count), "\(polls.count) polls")
    }
  }
}
