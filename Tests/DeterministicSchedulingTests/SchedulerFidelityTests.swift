import DeterministicScheduling
import Foundation
import Testing

/// The orders the scheduler explores are orders Dispatch can produce, and the deviations mean
/// what the docs say: one deviation puts a timer at any checkpoint, one deviation runs a job late.
/// Each test runs in an exit test: the scheduler is one per process.
@Suite("What the scheduler's orders are")
struct SchedulerFidelityTests {
  /// A log the blocks of one run append to, one at a time.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var entries: [String] { lock.withLock { lines } }
  }

  /// Every order `play` gives within `bound` deviations.
  static func orders(
    bound: Int, _ play: @escaping @Sendable (Log, @escaping @Sendable () -> Void) -> Void
  ) -> Set<[String]> {
    var orders = Set<[String]>()
    _ = ScheduleSearch.search(
      [0], bound: bound,
      run: { (_: Int, policy: SchedulingPolicy) -> ([String], DeterministicScheduler.Record) in
        let log = Log()
        let record = DeterministicScheduler.shared.run(policy: policy) { finish in
          play(log, finish)
        }
        return (log.entries, record)
      },
      readyCounts: { $0.1.readyCounts },
      isFinding: { run in
        orders.insert(run.0)
        return false
      })
    return orders
  }

  @Test("sync on a serial queue waits for the blocks queued before it, as Dispatch's does")
  func syncWaitsItsTurn() async {
    await #expect(processExitsWith: .success) {
      let orders = SchedulerFidelityTests.orders(bound: 3) { log, finish in
        let scheduler = DeterministicScheduler.shared
        let queue = JobLane.serial("queue")
        scheduler.enqueue({ log.add("B1") }, lane: queue, label: "B1")
        scheduler.enqueue(
          {
            log.add("caller starts")
            scheduler.runSynchronously(on: queue) {
              precondition(scheduler.currentLane == queue, "the block runs as on the queue")
              log.add("S")
            }
            log.add("caller ends")
          }, lane: .concurrent("caller"), label: "caller")
        scheduler.enqueue(
          {
            log.add("B2")
            finish()
          }, lane: queue, label: "B2")
      }
      precondition(orders.count > 1, "the search explores more than one order")
      for order in orders {
        // B1 and B2 were queued before the caller ran: the sync's block comes after both, and
        // the caller goes on only after it.
        let onQueue = order.filter { ["B1", "S", "B2"].contains($0) }
        precondition(onQueue == ["B1", "B2", "S"], "\(order)")
        precondition(
          order.firstIndex(of: "caller ends")! > order.firstIndex(of: "S")!, "sync waits: \(order)")
      }
    }
  }

  @Test("A sync takes its place in the queue: blocks queued after it wait for it")
  func syncKeepsItsPlace() async {
    await #expect(processExitsWith: .success) {
      let orders = SchedulerFidelityTests.orders(bound: 3) { log, finish in
        let scheduler = DeterministicScheduler.shared
        let queue = JobLane.serial("queue")
        scheduler.enqueue(
          {
            log.add("B1 starts")
            scheduler.yieldPoint()
            log.add("B1 ends")
          }, lane: queue, label: "B1")
        scheduler.enqueue(
          {
            scheduler.runSynchronously(on: queue) { log.add("S") }
            // Queued after the sync: never before it.
            scheduler.enqueue(
              {
                log.add("B2")
                finish()
              }, lane: queue, label: "B2")
          }, lane: .concurrent("caller"), label: "caller")
      }
      // B1 holds the queue while it is held at its checkpoint, and B2 is queued after the sync:
      // whatever the schedule, one order.
      for order in orders {
        precondition(order == ["B1 starts", "B1 ends", "S", "B2"], "\(order)")
      }
    }
  }

  @Test("One deviation puts a timer at a checkpoint: between the two halves of a job")
  func timerAtCheckpointInOneDeviation() async {
    await #expect(processExitsWith: .success) {
      let orders = SchedulerFidelityTests.orders(bound: 1) { log, finish in
        let scheduler = DeterministicScheduler.shared
        scheduler.enqueue(
          {
            log.add("W starts")
            scheduler.yieldPoint()
            log.add("W ends")
          }, lane: .serial("background"), label: "W")
        scheduler.enqueue(
          {
            log.add("T")
            finish()
          }, lane: .main, label: "T", after: .seconds(1))
      }
      precondition(orders.contains(["W starts", "T", "W ends"]), "\(orders)")
      precondition(orders.contains(["T", "W starts", "W ends"]), "\(orders)")
    }
  }

  @Test("One deviation runs a ready job late: behind every job queued after it")
  func oneDeviationRunsAJobLate() async {
    await #expect(processExitsWith: .success) {
      // A task started from a callback (late), then a chain of three jobs, each queuing the
      // next, as a load that goes on in steps does. Running late past the whole chain takes one
      // "runs late" deviation; picking each step over it would take three.
      let play: @Sendable (Log, @escaping @Sendable () -> Void) -> Void = { log, finish in
        let scheduler = DeterministicScheduler.shared
        scheduler.enqueue({ log.add("late") }, lane: .concurrent("late"), label: "late")
        scheduler.enqueue(
          {
            log.add("step 1")
            scheduler.enqueue(
              {
                log.add("step 2")
                scheduler.enqueue(
                  {
                    log.add("step 3")
                    finish()
                  }, lane: .concurrent("step 3"), label: "step 3")
              }, lane: .concurrent("step 2"), label: "step 2")
          }, lane: .concurrent("step 1"), label: "step 1")
      }
      let atOne = SchedulerFidelityTests.orders(bound: 1, play)
      precondition(atOne.contains(["step 1", "step 2", "step 3", "late"]), "\(atOne)")
      // Nothing impossible: each step after the one before it.
      for order in atOne {
        let steps = order.filter { $0.hasPrefix("step") }
        precondition(steps == ["step 1", "step 2", "step 3"], "\(order)")
      }
    }
  }

  @Test("A postponed job's schedule replays exactly, and names the postponement")
  func postponementReplays() async {
    await #expect(processExitsWith: .success) {
      func run(_ schedule: Schedule) -> ([String], DeterministicScheduler.Record) {
        let log = Log()
        let record = DeterministicScheduler.shared.run(policy: .following(schedule)) { finish in
          let scheduler = DeterministicScheduler.shared
          scheduler.enqueue({ log.add("A") }, lane: .concurrent("a"), label: "A")
          scheduler.enqueue({ log.add("B") }, lane: .concurrent("b"), label: "B")
          scheduler.enqueue(
            {
              log.add("C")
              finish()
            }, lane: .concurrent("c"), label: "C")
        }
        return (log.entries, record)
      }
      let first = run(.defaultOrder)
      precondition(first.0 == ["A", "B", "C"] && first.1.readyCounts.first == 4)
      // Decision 0 offers A, B, C, and A postponed (choice 3).
      let late = run(Schedule(parsing: "0:3")!)
      precondition(late.0.last == "A", "\(late.0)")
      precondition(late.1.postponements == 1 && late.1.schedule.description == "0:3")
      precondition(late.1.deviationNotes.first?.contains("postponed") == true)
      let again = run(late.1.schedule)
      precondition(again.0 == late.0 && again.1.steps == late.1.steps)
    }
  }
}

/// Differential tests: the orders the search explores, against every order an independent
/// enumerator of Dispatch's rules allows (all interleavings of each thread's events, less those a
/// rule forbids). Equal sets at a bound that covers the program; a subset at every lower bound.
@Suite("The scheduler against an enumerator of Dispatch's rules")
struct DispatchDifferentialTests {
  /// Every interleaving of `threads` (each thread's events in its own order) that `allowed` keeps.
  static func interleavings(
    _ threads: [[String]], allowed: ([String]) -> Bool = { _ in true }
  ) -> Set<[String]> {
    var result = Set<[String]>()
    func extend(_ prefix: [String], _ positions: [Int]) {
      if positions.enumerated().allSatisfy({ $0.element == threads[$0.offset].count }) {
        if allowed(prefix) { result.insert(prefix) }
        return
      }
      for (index, thread) in threads.enumerated() where positions[index] < thread.count {
        var next = positions
        next[index] += 1
        extend(prefix + [thread[positions[index]]], next)
      }
    }
    extend([], threads.map { _ in 0 })
    return result
  }

  /// `first` comes before `second` in `order`.
  static func before(_ first: String, _ second: String, in order: [String]) -> Bool {
    order.firstIndex(of: first)! < order.firstIndex(of: second)!
  }

  @Test("A serial queue, a global block that syncs onto it, and a timer: the same orders")
  func serialQueueSyncAndTimer() async {
    await #expect(processExitsWith: .success) {
      let play: @Sendable (SchedulerFidelityTests.Log, @escaping @Sendable () -> Void) -> Void = {
        log, finish in
        let scheduler = DeterministicScheduler.shared
        let queue = JobLane.serial("queue")
        scheduler.enqueue(
          {
            log.add("B1 starts")
            scheduler.yieldPoint()
            log.add("B1 ends")
          }, lane: queue, label: "B1")
        scheduler.enqueue(
          {
            log.add("G starts")
            scheduler.runSynchronously(on: queue) { log.add("S") }
            log.add("G ends")
          }, lane: .concurrent("global"), label: "G")
        scheduler.enqueue(
          {
            log.add("T")
            finish()
          }, lane: .main, label: "T", after: .seconds(1))
      }
      // Dispatch: B1's halves in order; G's events in order; S after B1 (queued before the sync);
      // the timer at any moment.
      let allowed = DispatchDifferentialTests.interleavings(
        [["B1 starts", "B1 ends"], ["G starts", "S", "G ends"], ["T"]]
      ) { DispatchDifferentialTests.before("B1 ends", "S", in: $0) }
      var previous = Set<[String]>()
      for bound in 0...4 {
        let explored = SchedulerFidelityTests.orders(bound: bound, play)
        precondition(
          explored.isSubset(of: allowed), "bound \(bound): \(explored.subtracting(allowed))")
        precondition(previous.isSubset(of: explored), "bound \(bound) loses orders")
        previous = explored
        print("bound \(bound): \(explored.count) of \(allowed.count) orders")
      }
      precondition(previous == allowed, "missing: \(allowed.subtracting(previous))")
    }
  }
}
