import CommandLineSupport
import DeterministicScheduling
import Foundation

/// `race-lab fidelity`: small programs run on the Swift runtime under the scheduler's executors,
/// each set beside what the runtime allows. It states, and checks, what the exploration of the
/// lab's checks rests on: which hops are scheduling points, and that a yield lets the rest go on.
/// Exit 1 when a statement no longer holds on this toolchain (a test runs it).
enum FidelityCommand {
  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    _ = try arguments.positional(max: 0)
    var holds = true
    let width = TerminalWidth.standardOutput
    func state(_ statement: String, _ isTrue: Bool, _ figures: String) {
      let lines = WordWrap.lines(statement, width: width - 7)
      print((isTrue ? "holds  " : "FAILS  ") + lines[0])
      for line in lines.dropFirst() + WordWrap.lines(figures, width: width - 9).map({ "  " + $0 }) {
        print("       " + line)
      }
      holds = holds && isTrue
    }
    let allowed = twoTaskInterleavings()
    let preferred = explored(withPreference: true, queuingIsAPoint: true)
    // The actor's turns and the code after them: what shared state (the actor's) can tell apart.
    let turns = { (orders: Set<[String]>) in
      Set(orders.map { $0.filter { !$0.hasSuffix("start") } })
    }
    state(
      "with an executor preference, and each queuing a point, the search reaches every order of "
        + "two tasks' turns on one actor and their code after it",
      preferred.isSubset(of: allowed) && turns(preferred) == turns(allowed),
      "\(turns(preferred).count) of \(turns(allowed).count) orders of the turns; "
        + "\(preferred.count) of \(allowed.count) with the code before the first hop, whose "
        + "order the runtime fixes as it queues the hop on the actor, unseen by the executors")
    let drained = explored(withPreference: true, queuingIsAPoint: false)
    state(
      "with a preference alone, an actor's drain runs the jobs queued on it in one turn: a "
        + "subset, nothing the runtime forbids (the checks explore this way)",
      drained.isSubset(of: allowed) && drained.count < allowed.count,
      "\(drained.count) of \(allowed.count) orders")
    let plain = explored(withPreference: false, queuingIsAPoint: false)
    state(
      "without one, a hop out of a default actor runs inline (the runtime's switch): the "
        + "search reaches a subset, nothing the runtime forbids",
      plain.isSubset(of: allowed) && plain.count < allowed.count,
      "\(plain.count) of \(allowed.count) orders; missing, e.g.: "
        + (allowed.subtracting(plain).sorted { $0.description < $1.description }.first?
          .joined(separator: ", ") ?? "none"))
    let held = busyWait(for: .heldJob)
    state(
      "a task that yields in a loop lets a job held at a checkpoint go on", held.rootFinished,
      "the loop ended: \(held.rootFinished), \(held.steps.count) steps")
    let timer = busyWait(for: .timer)
    state(
      "a task that yields in a loop lets time pass: a timer fires", timer.rootFinished,
      "the loop ended: \(timer.rootFinished), at \(timer.elapsed) of virtual time")
    let spin = busyWait(for: .nothing)
    state(
      "a loop that yields for nothing is named, where it yields", spin.spinning != nil,
      "spinning: \(spin.spinning ?? "no"), at \(spin.spinSite.first ?? "an unknown line")")
    return holds ? 0 : 1
  }

  /// Every order the runtime allows two tasks that each log "start", "on A" (isolated to one
  /// actor) and "after A": each log line is one event, so any interleaving is possible.
  static func twoTaskInterleavings() -> Set<[String]> {
    let threads = ["T1", "T2"].map { ["\($0) start", "\($0) on A", "\($0) after A"] }
    var result = Set<[String]>()
    func extend(_ prefix: [String], _ first: Int, _ second: Int) {
      if first == 3 && second == 3 { result.insert(prefix) }
      if first < 3 { extend(prefix + [threads[0][first]], first + 1, second) }
      if second < 3 { extend(prefix + [threads[1][second]], first, second + 1) }
    }
    extend([], 0, 0)
    return result
  }

  actor Counter {
    func visit(_ log: EventLog, _ who: String) { log.add("\(who) on A") }
  }

  final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var entries: [String] { lock.withLock { lines } }
  }

  /// The orders the search reaches within 4 deviations, the tasks made with or without an
  /// executor preference.
  static func explored(withPreference: Bool, queuingIsAPoint: Bool) -> Set<[String]> {
    var orders = Set<[String]>()
    _ = ScheduleSearch.search(
      [0], bound: 4, maximumSchedules: 20_000,
      run: { (_: Int, policy: SchedulingPolicy) -> ([String], DeterministicScheduler.Record) in
        let log = EventLog()
        let counter = Counter()
        let record = DeterministicScheduler.shared.run(
          policy: policy, queuingIsAPoint: queuingIsAPoint
        ) { finish in
          let left = EventCountdown(2, then: finish)
          for who in ["T1", "T2"] {
            let body: @Sendable () async -> Void = {
              log.add("\(who) start")
              await counter.visit(log, who)
              log.add("\(who) after A")
              left.one()
            }
            if withPreference {
              Task(executorPreference: globalConcurrentExecutor, operation: body)
            } else {
              Task(operation: body)
            }
          }
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

  enum Awaited { case heldJob, timer, nothing }

  /// A task that loops on `await Task.yield()` until a flag is set: by a block held at a
  /// checkpoint, by a timer, or by nothing.
  static func busyWait(for awaited: Awaited) -> DeterministicScheduler.Record {
    let flag = EventLog()
    let scheduler = DeterministicScheduler.shared
    return scheduler.run(policy: .following(.defaultOrder)) { finish in
      Task {
        while flag.entries.isEmpty { await Task.yield() }
        finish()
      }
      switch awaited {
      case .heldJob:
        scheduler.enqueue(
          {
            scheduler.yieldPoint()
            flag.add("set")
          }, lane: .serial("setter"), label: "a setter held at a checkpoint")
      // Held: one deviation at its checkpoint would do it; here the loop starts first.
      case .timer:
        scheduler.enqueue({ flag.add("set") }, lane: .main, label: "a timer", after: .seconds(5))
      case .nothing:
        break
      }
    }
  }

  /// Calls `then` once `count` calls of `one()` are made.
  final class EventCountdown: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private let then: @Sendable () -> Void

    init(_ count: Int, then: @escaping @Sendable () -> Void) {
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
}
