import Dispatch
import Foundation

/// A scheduler that owns every step of a run: it runs one job at a time, on lanes (the main
/// lane, the app's serial queues, and the global executor, where each job is on its own), and
/// wherever more than one job is ready, a policy picks the next. Given the same policy, a run
/// takes the same steps, whatever the machine's load: no thread goes on without its turn.
///
/// What reaches it: every job of the concurrency runtime (once `ExploringExecutors.install()`
/// made it the main and default executor), timers on virtual time (`Task.sleep` costs nothing),
/// and whatever the simulated platform and the before variant's queues hand it (`enqueue`).
/// Inside a job it steps in only at `yieldPoint`s: the platform's checkpoints. A job runs to
/// its next yield point or its end: there is no preemption inside synchronous code.
///
/// One scheduler per process (`shared`): the executors are chosen once per process.
public final class DeterministicScheduler: @unchecked Sendable {
  /// The process's scheduler.
  public static let shared = DeterministicScheduler()

  /// Whether a run is under way: the platform hands its work to the scheduler only then.
  public static var isRunning: Bool { shared.lock.withLock { shared.state.running } }

  /// One step of a run: a job started or resumed.
  public struct Step: Hashable, Sendable, CustomStringConvertible {
    public let job: Int
    public let lane: JobLane
    public let label: String
    /// Whether the job resumed after a yield point rather than started.
    public let resumed: Bool
    /// The run's virtual time at the step.
    public let time: Duration

    public var description: String {
      "#\(job) \(lane): \(label)\(resumed ? " (resumed)" : "")"
    }
  }

  /// What a run did.
  public struct Record: Sendable {
    /// The schedule the run followed: replaying it gives the same steps.
    public let schedule: Schedule
    /// How many jobs were ready at each decision point.
    public let readyCounts: [Int]
    /// Every job started or resumed, in order.
    public let steps: [Step]
    /// Work that escaped the scheduler: queued from a thread that was not the running job's.
    public let escapes: [String]
    /// Whether the run's root finished; false means a hang: nothing was ready while it waited.
    public let rootFinished: Bool
    /// What was still waiting when the run ended with nothing ready.
    public let waiting: [String]
    /// The run's virtual time at its end.
    public let elapsed: Duration
    /// Each deviation in words: what ran, and what the default order would have run instead.
    public let deviationNotes: [String]
    /// Each deviation's two jobs, by number, in the order of `deviationNotes`: the one that ran,
    /// and the one the default order would have run; and, in a run that tracks happens-before,
    /// how many accesses were stamped before it. A report finds what each went on to do.
    public let deviationJobs: [(ran: Int, passed: Int, stampsBefore: Int)]
    /// The blocks (not runtime jobs) that queued a job of the runtime: a callback that resumed
    /// a task, say, which hands its work on to that task.
    public let blocksThatResumedTasks: Set<Int>
    /// The job that held the turn without giving it back (blocked in a lock, a semaphore, a
    /// real sleep: a wait the scheduler cannot see), when the run had to be given up. The
    /// scheduler cannot run again in this process then.
    public let blockedOutside: String?
  }

  /// A recorded access, for the happens-before analysis: the job that made it and what it had
  /// seen then.
  public struct AccessStamp: Hashable, Sendable {
    public let job: Int
    public let clock: VectorClock
    /// How many accesses the run stamped before this one: its place in the run.
    public var sequence = 0

    /// Whether this access happens before `other` in the run: an edge chain orders them.
    public func happensBefore(_ other: AccessStamp) -> Bool {
      clock.happensBefore(other.clock)
    }
  }

  private struct State {
    var running = false
    var policy = SchedulingPolicy.following(.defaultOrder)
    var tracksHappensBefore = false
    var nextNumber = 0
    /// Queued jobs not started, in the order queued.
    var ready: [ScheduledJob] = []
    /// Timers: jobs whose `readyAt` is in the future.
    var timers: [ScheduledJob] = []
    /// Jobs stopped at a yield point by another's turn.
    var paused: [ScheduledJob] = []
    /// The job holding the turn.
    var current: ScheduledJob?
    var busyLanes: Set<JobLane> = []
    /// The clock of each serial lane's last finished job: the lane's order is an edge.
    var laneClocks: [JobLane: VectorClock] = [:]
    /// The clock each actor's last turn left: an actor's turns are ordered.
    var actorClocks: [ObjectIdentifier: VectorClock] = [:]
    /// Waiters that go on once nothing else can run.
    var stillWaiters: [ScheduledJob] = []
    var now: Duration = .zero
    var decisions = 0
    var readyCounts: [Int] = []
    var deviations: [Schedule.Deviation] = []
    var steps: [Step] = []
    var escapes: [String] = []
    var random = SplitMix64(seed: 0)
    var changePoints: [Int: Int] = [:]
    var rootFinished = false
    var deviationNotes: [String] = []
    var deviationJobs: [(ran: Int, passed: Int, stampsBefore: Int)] = []
    /// The accesses stamped so far, when the run tracks happens-before.
    var stamps = 0
    /// A timer's number when it was set, and the number it runs under once it fires.
    var renumbered: [Int: Int] = [:]
    /// The lane the running job is on for the time of a `runInline(on:)`.
    var laneOverride: JobLane?
    /// The clocks of the jobs finished so far, in the order they finished.
    var finishedClocks: [VectorClock] = []
    var blocksThatResumedTasks: Set<Int> = []
  }

  private let lock = NSLock()
  private var state = State()
  private var idleWorkers: [Carrier] = []
  /// Every worker started, idle or not: the threads a blocked job may be on.
  private var workers: [Carrier] = []
  private let runEnded = DispatchSemaphore(value: 0)

  private init() {}

  /// How long, in virtual time, a job held at a checkpoint waits behind timers in the default
  /// order: far longer than any event a scenario plays "at some moment" (a second), short of a
  /// timer that the app sets again and again.
  static let holdLimit: Duration = .seconds(60)

  // MARK: Running

  /// Runs `root`, which starts the run's work (creates its tasks, queues its blocks) and must
  /// call `finish` once the run's story is over, under `policy`, and returns what the run did.
  /// The calling thread runs the jobs (and worker threads, while a job is stopped at a yield
  /// point): call it from a thread that nothing else needs meanwhile.
  ///
  /// `tracksHappensBefore` keeps vector clocks for `stampAccess()`; off, a run is cheaper.
  /// `blockingLimit`, when given, runs the jobs on a worker and gives the run up when no job has
  /// started, resumed or been queued for that long while no worker thread could run (the
  /// kernel's thread states, where `/proc` has them; elsewhere the time alone), as
  /// `Record.blockedOutside`: for code that may block where the scheduler cannot see it, such as
  /// a learner's semaphore wait.
  public func run(
    policy: SchedulingPolicy, tracksHappensBefore: Bool = false,
    blockingLimit: TimeInterval? = nil,
    _ root: @escaping @Sendable (_ finish: @escaping @Sendable () -> Void) -> Void
  ) -> Record {
    lock.withLock {
      precondition(!state.running, "one run at a time")
      state = State()
      state.running = true
      state.policy = policy
      state.tracksHappensBefore = tracksHappensBefore
      switch policy {
      case .following: break
      case .random(let seed): state.random = SplitMix64(seed: seed)
      case .pct(let seed, let depth, let expectedSteps):
        state.random = SplitMix64(seed: seed)
        // d - 1 change points among the first k decisions, each lowering the job about to run
        // to priority d - i (below every job's initial priority, which starts at d).
        for index in 1..<max(1, depth) {
          let point = Int(state.random.next() % UInt64(max(1, expectedSteps)))
          state.changePoints[point] = depth - index
        }
      }
    }
    enqueue(
      .block({ root { [self] in lock.withLock { state.rootFinished = true } } }),
      lane: .main, label: "the run starts")
    // The calling thread runs jobs itself until the run ends or one of them stops at a yield
    // point and the turn moves on; then it waits for the end.
    let driver = Carrier()
    driver.thread = pthread_self()
    var blockedOutside: String?
    if let first = lock.withLock({ decide(yielding: nil) }) {
      if let limit = blockingLimit {
        // The jobs run on a worker, so that this thread can name a job that never gives the
        // turn back. The one wall-clock wait of the scheduler, and it is about progress, not the
        // run's length: it fires only when no job has started, resumed or been queued for
        // `limit` seconds, counted only while no worker thread can run. It decides when a run
        // that cannot end is named as blocked (an escape, which a check may report as a freeze),
        // never whether: a job that waits for a callback needing a turn of its own never ends.
        launchOnWorker(first)
        let tick = min(1, limit)
        var stalled: TimeInterval = 0
        var lastProgress = -1
        while runEnded.wait(timeout: .now() + tick) == .timedOut {
          let progress = lock.withLock { state.steps.count + state.nextNumber }
          // A job that is only slow (its thread runnable, waiting for a core on a busy machine)
          // is not blocked: the wait counts only while no worker can run.
          let couldRun = ThreadStates.anyIsRunnable(
            lock.withLock { workers.compactMap(\.kernelID) })
          stalled = progress == lastProgress && !couldRun ? stalled + tick : 0
          lastProgress = progress
          guard stalled < limit else {
            blockedOutside = lock.withLock {
              state.current.map { "\($0.label) (\($0.lane))" } ?? "a job"
            }
            break
          }
        }
      } else {
        runJobs(from: first, on: driver)
        runEnded.wait()
      }
    } else {
      runEnded.wait()
    }
    return lock.withLock {
      // A run given up keeps its blocked job: the scheduler stays taken.
      if blockedOutside == nil { state.running = false }
      let waiting =
        state.stillWaiters.map(\.label) + state.timers.map(\.label)
      return Record(
        schedule: Schedule(state.deviations), readyCounts: state.readyCounts, steps: state.steps,
        escapes: state.escapes, rootFinished: state.rootFinished, waiting: waiting,
        elapsed: state.now, deviationNotes: state.deviationNotes,
        // A timer runs under the number it got when it fired.
        deviationJobs: state.deviationJobs.map { deviation in
          (
            state.renumbered[deviation.ran] ?? deviation.ran,
            state.renumbered[deviation.passed] ?? deviation.passed, deviation.stampsBefore
          )
        },
        blocksThatResumedTasks: state.blocksThatResumedTasks, blockedOutside: blockedOutside)
    }
  }

  // MARK: What the executors and the platform hand over

  /// Queues `body` on `lane`; a timer when `delay` is given (virtual time, from now).
  public func enqueue(
    _ body: @escaping @Sendable () -> Void, lane: JobLane, label: String,
    after delay: Duration? = nil
  ) {
    enqueue(.block(body), lane: lane, label: label, after: delay)
  }

  func enqueue(
    _ body: ScheduledJob.Body, lane: JobLane, label: String, after delay: Duration? = nil
  ) {
    lock.withLock {
      let job = ScheduledJob(number: state.nextNumber, lane: lane, label: label, body: body)
      state.nextNumber += 1
      if let current = state.current {
        if case .task = body, !current.isRuntimeJob {
          state.blocksThatResumedTasks.insert(current.number)
        }
        if let thread = current.carrier?.thread, pthread_equal(thread, pthread_self()) == 0 {
          state.escapes.append(
            "\(label) was queued from a thread the scheduler does not run, while \(current.label) "
              + "ran")
        }
        if state.tracksHappensBefore {
          current.clock.tick(current.number)
          job.clock = current.clock
        }
      }
      job.priority = drawPriority()
      job.finishedBeforeWaiting = state.finishedClocks.count
      if let delay, delay > .zero {
        job.readyAt = state.now + delay
        state.timers.append(job)
      } else {
        state.ready.append(job)
      }
    }
  }

  /// A point inside the running job where another job may take the turn: the platform's
  /// checkpoints. Returns when the job has the turn again. Outside a run, or from a thread that
  /// is not the running job's, nothing happens.
  public func yieldPoint() {
    lock.lock()
    guard state.running, let current = state.current, let carrier = current.carrier,
      let thread = carrier.thread, pthread_equal(thread, pthread_self()) != 0
    else {
      lock.unlock()
      return
    }
    let next = decide(yielding: current)
    if next === current {
      lock.unlock()
      return
    }
    current.finishedBeforeWaiting = state.finishedClocks.count
    current.pausedAt = state.now
    state.paused.append(current)
    lock.unlock()
    launch(next)
    carrier.turn.wait()
  }

  /// Suspends the calling task until nothing else can run: no job ready, none paused, no timer
  /// set. Outside a run it returns at once.
  public func waitUntilStill(label: String = "waits until the app is still") async {
    guard Self.isRunning else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.withLock {
        let job = ScheduledJob(
          number: -1, lane: .concurrent("settle"), label: label,
          body: .block({ continuation.resume() }))
        state.stillWaiters.append(job)
      }
    }
  }

  /// The lane of the running job, when the caller is that job's thread.
  public var currentLane: JobLane? {
    lock.withLock {
      guard let current = state.current, let thread = current.carrier?.thread,
        pthread_equal(thread, pthread_self()) != 0
      else { return nil }
      return state.laneOverride ?? current.lane
    }
  }

  /// Runs `work` now, in the running job, as if on `lane`: a `DispatchQueue.sync` onto another
  /// queue, whose block runs on that queue while the caller waits. One job runs at a time, so the
  /// block is as alone as on the queue; code inside it that checks its queue sees `lane`.
  public func runInline<T>(on lane: JobLane, _ work: () throws -> T) rethrows -> T {
    let previous = lock.withLock {
      let previous = state.laneOverride
      state.laneOverride = lane
      return previous
    }
    defer { lock.withLock { state.laneOverride = previous } }
    return try work()
  }

  /// The run's virtual time.
  public var now: Duration { lock.withLock { state.now } }

  /// The decision points of the run so far: a search that deviates only before this count
  /// leaves what comes after it in the default order.
  public var decisionsSoFar: Int { lock.withLock { state.decisions } }

  /// Stamps an access made now by the running job, for the happens-before analysis; `actor`
  /// names the actor it is isolated to, whose turns are ordered. Nil outside a run, or when the
  /// run does not track happens-before.
  public func stampAccess(actor: ObjectIdentifier?) -> AccessStamp? {
    lock.withLock {
      guard state.running, state.tracksHappensBefore, let current = state.current else {
        return nil
      }
      if let actor {
        current.clock.join(state.actorClocks[actor] ?? VectorClock())
      }
      current.clock.tick(current.number)
      if let actor { state.actorClocks[actor] = current.clock }
      state.stamps += 1
      return AccessStamp(job: current.number, clock: current.clock, sequence: state.stamps - 1)
    }
  }

  // MARK: Turns

  /// Picks what runs next; called with the lock held. `yielding` is the job at a yield point,
  /// which stays first in the list (going on is the default). Returns nil when the run is over.
  private func decide(yielding: ScheduledJob?) -> ScheduledJob? {
    while true {
      var candidates: [ScheduledJob] = []
      if let yielding { candidates.append(yielding) }
      var lanesTaken = state.busyLanes
      var others: [ScheduledJob] = []
      for job in state.ready where !job.lane.isSerial || !lanesTaken.contains(job.lane) {
        others.append(job)
        if job.lane.isSerial { lanesTaken.insert(job.lane) }
      }
      candidates += others.sorted { $0.number < $1.number }
      // A job that gave the turn away at a checkpoint is held there, as a slow read or a
      // preempted thread is: in the default order it resumes once nothing else is ready and no
      // timer is left to fire within `holdLimit` of its hold, and one deviation resumes it at any
      // decision point. So a single deviation at a checkpoint lets everything else run in
      // between, events to come included; and a timer that sets itself again and again (a
      // polling loop) cannot hold it for ever.
      let timers = state.timers.sorted { ($0.readyAt!, $0.number) < ($1.readyAt!, $1.number) }
      let heldUntil = { (job: ScheduledJob) in (job.pausedAt ?? .zero) + Self.holdLimit }
      candidates += timers.filter { timer in
        state.paused.allSatisfy { timer.readyAt! <= heldUntil($0) }
      }
      candidates += state.paused
      candidates += timers.filter { timer in
        !state.paused.allSatisfy { timer.readyAt! <= heldUntil($0) }
      }
      if candidates.isEmpty {
        guard !state.stillWaiters.isEmpty else {
          state.current = nil
          runEnded.signal()
          return nil
        }
        let waiter = state.stillWaiters.removeFirst()
        waiter.number = state.nextNumber
        state.nextNumber += 1
        return start(waiter)
      }
      let chosen = candidates[choose(among: candidates)]
      if let readyAt = chosen.readyAt {
        // A timer fires: time moves to it. It runs now, as chosen (one decision fires a timer
        // at any point of a run), unless its serial lane is busy or has work queued before it:
        // then it joins the lane's queue as of now.
        state.now = max(state.now, readyAt)
        state.timers.removeAll { $0 === chosen }
        chosen.readyAt = nil
        state.renumbered[chosen.number] = state.nextNumber
        chosen.number = state.nextNumber
        state.nextNumber += 1
        let laneFree =
          !chosen.lane.isSerial
          || (!state.busyLanes.contains(chosen.lane)
            && !state.ready.contains { $0.lane == chosen.lane })
        if laneFree && yielding == nil { return start(chosen) }
        state.ready.append(chosen)
        continue
      }
      if chosen === yielding { return chosen }
      if let index = state.paused.firstIndex(where: { $0 === chosen }) {
        state.paused.remove(at: index)
        // Resumed behind timers that come later than its limit: the time it was held goes by.
        if let pausedAt = chosen.pausedAt, !state.timers.isEmpty,
          state.timers.allSatisfy({ $0.readyAt! > pausedAt + Self.holdLimit })
        {
          state.now = max(state.now, pausedAt + Self.holdLimit)
        }
        chosen.pausedAt = nil
        joinWhatFinishedWhileWaiting(chosen)
        state.current = chosen
        state.steps.append(
          Step(
            job: chosen.number, lane: chosen.lane, label: chosen.label, resumed: true,
            time: state.now))
        return chosen
      }
      state.ready.removeAll { $0 === chosen }
      return start(chosen)
    }
  }

  private func start(_ job: ScheduledJob) -> ScheduledJob {
    state.current = job
    joinWhatFinishedWhileWaiting(job)
    if job.lane.isSerial {
      state.busyLanes.insert(job.lane)
      if state.tracksHappensBefore, let laneClock = state.laneClocks[job.lane] {
        job.clock.join(laneClock)
      }
    }
    state.steps.append(
      Step(job: job.number, lane: job.lane, label: job.label, resumed: false, time: state.now))
    return job
  }

  /// A runtime job takes every job that finished while it waited as seen: an actor's own queue,
  /// which the scheduler does not see, may have taken work from any of them for this job to run
  /// (a continuation resumed onto a busy actor queues nothing here). An over-approximation of
  /// happens-before, for the runtime's jobs only: the queues' blocks and the platform's
  /// callbacks, where the before variant races, keep their exact edges.
  private func joinWhatFinishedWhileWaiting(_ job: ScheduledJob) {
    guard state.tracksHappensBefore, job.isRuntimeJob else { return }
    for clock in state.finishedClocks[job.finishedBeforeWaiting...] { job.clock.join(clock) }
  }

  /// The index of the candidate to run, by the policy; records the decision.
  private func choose(among candidates: [ScheduledJob]) -> Int {
    guard candidates.count > 1 else { return 0 }
    let step = state.decisions
    state.decisions += 1
    state.readyCounts.append(candidates.count)
    var choice: Int
    switch state.policy {
    case .following(let schedule):
      choice = schedule.choice(at: step)
      if choice >= candidates.count { choice = 0 }
    case .random:
      choice = Int(state.random.next() % UInt64(candidates.count))
    case .pct:
      if let lowered = state.changePoints[step] {
        let top = candidates.indices.max { candidates[$0].priority < candidates[$1].priority }!
        candidates[top].priority = lowered
      }
      choice = candidates.indices.max { candidates[$0].priority < candidates[$1].priority }!
    }
    if choice != 0 {
      state.deviations.append(Schedule.Deviation(step: step, choice: choice))
      let chosen = candidates[choice]
      let passed = candidates[0]
      state.deviationNotes.append(
        "decision \(step): \(chosen.label) (\(chosen.lane)) went before \(passed.label) "
          + "(\(passed.lane))")
      state.deviationJobs.append((chosen.number, passed.number, state.stamps))
    }
    return choice
  }

  private func drawPriority() -> Int {
    guard case .pct(_, let depth, _) = state.policy else { return 0 }
    return depth + Int(state.random.next() % 1_000_000)
  }

  /// Hands the turn to `job` from a thread that is stopping at a yield point: resumes the job's
  /// own thread if it was paused, or starts it on an idle worker. Called without the lock.
  private func launch(_ job: ScheduledJob?) {
    guard let job else { return }
    if let carrier = job.carrier {
      carrier.turn.signal()
      return
    }
    launchOnWorker(job)
  }

  private func launchOnWorker(_ job: ScheduledJob) {
    let worker = lock.withLock { idleWorkers.popLast() } ?? startWorker()
    worker.assigned = job
    worker.turn.signal()
  }

  private func startWorker() -> Carrier {
    let worker = Carrier()
    let started = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      worker.thread = pthread_self()
      worker.kernelID = ThreadStates.callerID()
      started.signal()
      while true {
        worker.turn.wait()
        guard let job = worker.assigned else { continue }
        worker.assigned = nil
        runJobs(from: job, on: worker)
        lock.withLock { idleWorkers.append(worker) }
      }
    }
    thread.name = "scheduler worker"
    thread.stackSize = 8 << 20
    thread.start()
    started.wait()
    lock.withLock { workers.append(worker) }
    return worker
  }

  /// Runs `first` on `carrier`, the calling thread, then whatever the scheduler picks next, on
  /// the same thread: no thread switch unless a job stops at a yield point. Returns when the run
  /// is over, or when the next job is a paused one, whose own thread it wakes.
  private func runJobs(from first: ScheduledJob, on carrier: Carrier) {
    var next: ScheduledJob? = first
    while let job = next {
      if job.carrier != nil {
        job.carrier!.turn.signal()
        return
      }
      job.carrier = carrier
      execute(job)
      next = lock.withLock {
        job.carrier = nil
        if state.tracksHappensBefore {
          // The job's end: what its lane's next job and the runtime's waiting jobs will see.
          job.clock.tick(job.number)
          state.finishedClocks.append(job.clock)
          if job.lane.isSerial { state.laneClocks[job.lane] = job.clock }
        }
        if job.lane.isSerial { state.busyLanes.remove(job.lane) }
        state.current = nil
        return decide(yielding: nil)
      }
    }
  }

  /// Runs `job`'s body on the calling thread.
  private func execute(_ job: ScheduledJob) {
    switch job.body {
    case .block(let body): body()
    case .task(let unowned, let onMain):
      if onMain {
        unowned.runSynchronously(on: ScheduledMainExecutor.shared.asUnownedSerialExecutor())
      } else {
        unowned.runSynchronously(on: HopExecutor.shared.asUnownedSerialExecutor())
      }
    }
  }
}

/// A small seeded generator (SplitMix64), so that seeded policies draw the same numbers on
/// every platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
