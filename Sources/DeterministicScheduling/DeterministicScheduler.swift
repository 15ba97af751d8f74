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
    /// A task that gave the turn away with `Task.yield()` again and again while nothing else
    /// could run (`spinLimit` times in a row): a loop that waits for something no job will
    /// ever do. The run ends there; `spinSite` names where the loop yields, when it can.
    public let spinning: String?
    /// The source lines the spinning task yielded from, innermost first (`File.swift:12 in
    /// f()`), outside the toolchain and this module; empty where they cannot be read.
    public let spinSite: [String]
    /// How many "runs late" deviations the schedule made: choices that postponed the job the
    /// default order would have run behind the rest of the work.
    public let postponements: Int
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
    var queuingIsAPoint = false
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
    var deviationJobs: [(ran: Int, passed: Int, stampsBefore: Int)] = []  // ran: -1 until known
    /// The accesses stamped so far, when the run tracks happens-before.
    var stamps = 0
    /// A timer's number when it was set, and the number it runs under once it fires.
    var renumbered: [Int: Int] = [:]
    /// Decisions in a row at which only tasks that yielded could run.
    var spins = 0
    var spinning: String?
    var spinSite: [String] = []
    var postponements = 0
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

  /// How many decisions in a row may offer nothing but tasks that yielded before the run is
  /// named as spinning: far more than any loop that waits for real work takes, since every
  /// other job (held, timed or queued) goes first.
  public static let spinLimit = 1_000

  // MARK: Running

  /// Runs `root`, which starts the run's work (creates its tasks, queues its blocks) and must
  /// call `finish` once the run's story is over, under `policy`, and returns what the run did.
  /// The calling thread runs the jobs (and worker threads, while a job is stopped at a yield
  /// point): call it from a thread that nothing else needs meanwhile.
  ///
  /// `tracksHappensBefore` keeps vector clocks for `stampAccess()`; off, a run is cheaper.
  /// `queuingIsAPoint` makes every job a runtime job queues (a hop, a new task, a resumed
  /// continuation) a scheduling point of the job that queued it, right after: what a default
  /// actor's drain runs next, or a task's code after it started another, may then wait while the
  /// queued job runs, as on another thread (`queuingPoint()`).
  /// `blockingLimit`, when given, runs the jobs on a worker and gives the run up when no job has
  /// started, resumed or been queued for that long while no worker thread could run (the
  /// kernel's thread states, where `/proc` has them; elsewhere the time alone), as
  /// `Record.blockedOutside`: for code that may block where the scheduler cannot see it, such as
  /// a learner's semaphore wait.
  public func run(
    policy: SchedulingPolicy, tracksHappensBefore: Bool = false,
    blockingLimit: TimeInterval? = nil, queuingIsAPoint: Bool = false,
    _ root: @escaping @Sendable (_ finish: @escaping @Sendable () -> Void) -> Void
  ) -> Record {
    lock.withLock {
      precondition(!state.running, "one run at a time")
      state = State()
      state.running = true
      state.policy = policy
      state.tracksHappensBefore = tracksHappensBefore
      state.queuingIsAPoint = queuingIsAPoint
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
        blocksThatResumedTasks: state.blocksThatResumedTasks, blockedOutside: blockedOutside,
        spinning: state.spinning, spinSite: state.spinSite, postponements: state.postponements)
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
    _ body: ScheduledJob.Body, lane: JobLane, label: String, after delay: Duration? = nil,
    isYield: Bool = false
  ) {
    lock.withLock {
      let job = ScheduledJob(number: state.nextNumber, lane: lane, label: label, body: body)
      state.nextNumber += 1
      job.isYield = isYield
      // A yield's continuation job resumes its task: the task's next jobs (its hop back to
      // the generic executor among them) are the yield's too, until it does something else.
      if let current = state.current, job.isRuntimeJob {
        job.yielded = isYield || current.isYield || (current.yielded && job.isSameTask(as: current))
      } else {
        job.yielded = isYield
      }
      if isYield, state.spins >= Self.spinLimit - 2, state.spinSite.isEmpty {
        // The loop yields from the learner's code, a few frames below: read it once.
        state.spinSite = SpinSite.capture()
      }
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
    guard let current = runningJobOnThisThread() else {
      lock.unlock()
      return
    }
    let next = decide(yielding: current)
    if next === current {
      lock.unlock()
      return
    }
    pause(current, handingTurnTo: next)
  }

  /// Stops `current` (the running job, on this thread) with the lock held, releases the lock,
  /// hands the turn to `next`, and returns once the scheduler gives `current` the turn again.
  private func pause(_ current: ScheduledJob, handingTurnTo next: ScheduledJob?) {
    current.finishedBeforeWaiting = state.finishedClocks.count
    current.pausedAt = state.now
    state.paused.append(current)
    let carrier = current.carrier!
    lock.unlock()
    launch(next)
    carrier.turn.wait()
  }

  /// The running job, when the caller is its thread; called with the lock held.
  private func runningJobOnThisThread() -> ScheduledJob? {
    guard state.running, let current = state.current, let thread = current.carrier?.thread,
      pthread_equal(thread, pthread_self()) != 0
    else { return nil }
    return current
  }

  /// Where a runtime job queued another, in a run with `queuingIsAPoint`: a scheduling point of
  /// the running job. The executors call it once the job is queued and handed over, when the
  /// runtime code that queued it has nothing left of the task to touch (`swift_task_switch`
  /// clears the current task before it queues it).
  func queuingPoint() {
    lock.lock()
    guard state.queuingIsAPoint, let current = runningJobOnThisThread(), current.isRuntimeJob
    else {
      lock.unlock()
      return
    }
    turnPoint(current)
    lock.unlock()
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
      return current.laneOverride ?? current.lane
    }
  }

  /// Runs `work` in the running job as `DispatchQueue.sync` onto `lane` does: on a serial lane,
  /// once every job queued there before this call has run and no job holds the lane, ahead of
  /// the jobs queued after it, with the lane held meanwhile (Dispatch's serial queues are FIFO,
  /// and `sync` takes its turn among their blocks); on a concurrent lane, at once. Code inside
  /// `work` that checks its queue sees `lane`. Outside a run, or from a thread the scheduler does
  /// not run, `work` just runs.
  public func runSynchronously<T>(on lane: JobLane, _ work: () throws -> T) rethrows -> T {
    lock.lock()
    guard let current = runningJobOnThisThread() else {
      lock.unlock()
      return try work()
    }
    // Taking the queue and giving it back are scheduling points, as taking and releasing a lock
    // are: on the platform another thread's work may come between the caller's code and the
    // block, or after the block before the caller goes on.
    turnPoint(current)
    if lane.isSerial
      && (state.busyLanes.contains(lane) || state.ready.contains { $0.lane == lane })
    {
      // Wait for the lane's turn as a block queued now would.
      current.waitsForLane = (lane, state.nextNumber)
      state.current = nil
      let next = decide(yielding: nil)
      pause(current, handingTurnTo: next)
      lock.lock()
    }
    // The lane is free now: it is held while `work` runs, should `work` reach a checkpoint.
    let takesLane = lane.isSerial
    current.waitsForLane = nil
    if takesLane {
      state.busyLanes.insert(lane)
      if state.tracksHappensBefore, let laneClock = state.laneClocks[lane] {
        current.clock.join(laneClock)
      }
    }
    let previous = current.laneOverride
    current.laneOverride = lane
    lock.unlock()
    defer {
      lock.lock()
      current.laneOverride = previous
      if takesLane {
        state.busyLanes.remove(lane)
        if state.tracksHappensBefore {
          current.clock.tick(current.number)
          state.laneClocks[lane] = current.clock
        }
      }
      turnPoint(current)
      lock.unlock()
    }
    return try work()
  }

  /// Where the running job takes or gives back a lock (a `ScheduledMutex`): a scheduling point,
  /// as on the platform another thread's critical section may come between two of this job's.
  /// Taking it (`isFree` given), the job waits there, as a thread blocked on the lock does, until
  /// `isFree()`: the holder may be a job stopped at a checkpoint inside its critical section.
  /// Outside a run, or from a thread the scheduler does not run, nothing happens.
  public func lockPoint(isFree: (@Sendable () -> Bool)? = nil) {
    lock.lock()
    guard let current = runningJobOnThisThread() else {
      lock.unlock()
      return
    }
    if let isFree, !isFree() {
      current.waitsFor = isFree
      state.current = nil
      let next = decide(yielding: nil)
      pause(current, handingTurnTo: next)
      lock.lock()
      current.waitsFor = nil
      lock.unlock()
      return
    }
    turnPoint(current)
    lock.unlock()
  }

  /// A scheduling point of the running job, called and returning with the lock held.
  private func turnPoint(_ current: ScheduledJob) {
    let next = decide(yielding: current)
    guard next !== current else { return }
    pause(current, handingTurnTo: next)
    lock.lock()
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
  ///
  /// The default order, the choice a schedule's index 0 names at every decision:
  /// 1. the job at a yield point, going on;
  /// 2. the ready jobs, oldest first (a serial lane's first queued job only);
  /// 3. the timers that fire within `holdLimit` of every job held below;
  /// 4. the jobs held at a checkpoint (paused), then the jobs held back: postponed by a "runs
  ///    late" deviation, or resumed after a `Task.yield()`;
  /// 5. the timers beyond that.
  /// Index `candidates.count` (one more than the candidates) is one more choice: at a checkpoint,
  /// the next timer fires and runs while the job waits there (choosing the timer itself fires it
  /// while the job goes on); elsewhere, the default ready job is postponed behind the rest of the
  /// work, so that one deviation runs it as late as the run allows.
  private func decide(yielding: ScheduledJob?) -> ScheduledJob? {
    var takesDefault = false
    while true {
      var candidates: [ScheduledJob] = []
      if let yielding { candidates.append(yielding) }
      // A job in a `sync` holds its place in its lane's queue: the blocks queued after it wait.
      var syncTurns: [JobLane: Int] = [:]
      for job in state.paused {
        if let wait = job.waitsForLane {
          syncTurns[wait.lane] = min(syncTurns[wait.lane] ?? .max, wait.queuedBefore)
        }
      }
      var lanesTaken = state.busyLanes
      var onTime: [ScheduledJob] = []
      var heldBack: [ScheduledJob] = []
      for job in state.ready where !job.lane.isSerial || !lanesTaken.contains(job.lane) {
        if job.lane.isSerial {
          lanesTaken.insert(job.lane)
          if let turn = syncTurns[job.lane], job.number >= turn { continue }
        }
        if job.late || job.yielded { heldBack.append(job) } else { onTime.append(job) }
      }
      candidates += onTime.sorted { $0.number < $1.number }
      // A job that gave the turn away at a checkpoint is held there, as a slow read or a
      // preempted thread is: in the default order it resumes once nothing else is ready and no
      // timer is left to fire within `holdLimit` of its hold, and one deviation resumes it at any
      // decision point. So a single deviation at a checkpoint lets everything else run in
      // between, events to come included; and a timer that sets itself again and again (a
      // polling loop) cannot hold it for ever. A job held back (late, or yielded) waits the
      // same way, from the moment it was held back.
      let held = state.paused.filter(isResumable)
      let waiting = held + heldBack
      let timers = state.timers.sorted { ($0.readyAt!, $0.number) < ($1.readyAt!, $1.number) }
      let heldUntil = { (job: ScheduledJob) in (job.pausedAt ?? self.state.now) + Self.holdLimit }
      let timersFirst = timers.filter { timer in
        waiting.allSatisfy { timer.readyAt! <= heldUntil($0) }
      }
      candidates += timersFirst
      candidates += held
      candidates += heldBack.sorted { $0.number < $1.number }
      candidates += timers.filter { timer in !timersFirst.contains { $0 === timer } }
      let onlyYielders = !candidates.isEmpty && candidates.allSatisfy { $0.yielded }
      state.spins = onlyYielders ? state.spins + 1 : 0
      // Only tasks that yield in a loop, for long enough: the app is as still as it gets, and a
      // scenario waiting for that goes on (its next step may be what the loop waits for).
      let spinsForStill = Self.spinLimit / 10
      if candidates.isEmpty || (state.spins > spinsForStill && !state.stillWaiters.isEmpty) {
        guard !state.stillWaiters.isEmpty else {
          state.current = nil
          runEnded.signal()
          return nil
        }
        state.spins = 0
        let waiter = state.stillWaiters.removeFirst()
        waiter.number = state.nextNumber
        state.nextNumber += 1
        return start(waiter)
      }
      if state.spins > Self.spinLimit {
        // A loop that yields for something no job will ever do: named, and the run ends.
        state.spinning = candidates[0].label
        state.current = nil
        runEnded.signal()
        return nil
      }
      // The one choice beyond the candidates: at a checkpoint, the next timer fires and runs at
      // once while the job waits there; elsewhere, the default job postponed ("runs late").
      let timerNow = yielding == nil ? nil : candidates.first { $0.readyAt != nil }
      let postponable =
        yielding == nil && candidates.count > 1 && candidates[0].readyAt == nil
        && !candidates[0].late && state.ready.contains { $0 === candidates[0] }
      let extra: ExtraChoice? =
        timerNow.map { .timerRunsNow($0, waiting: yielding!) }
        ?? (postponable ? .postpone(candidates[0]) : nil)
      let choice = takesDefault ? 0 : choose(among: candidates, extra: extra)
      if takesDefault, let last = state.deviationJobs.indices.last {
        // The job that runs instead of the postponed one: the deviation's other job.
        state.deviationJobs[last].ran = candidates[0].number
        state.deviationNotes[last] += "; \(candidates[0].label) (\(candidates[0].lane)) ran instead"
      }
      takesDefault = false
      if choice == candidates.count, let extra {
        switch extra {
        case .postpone(let postponed):
          // "Runs late": the default job waits behind the rest; the next default runs now.
          postponed.late = true
          postponed.pausedAt = state.now
          state.postponements += 1
          takesDefault = true
          continue
        case .timerRunsNow(let timer, _):
          // The job at the checkpoint waits there (`yieldPoint` holds it) while the timer runs.
          if fire(timer, runsNow: true) { return start(timer) }
          continue
        }
      }
      let chosen = candidates[choice]
      if chosen.readyAt != nil {
        // A timer fires: time moves to it, and it runs now, as chosen (one decision fires a
        // timer at any point of a run). At a checkpoint, the job there goes on meanwhile (the
        // timer's work waits its turn, queued as of now): on the platform the timer's queue and
        // the job's thread run side by side.
        if fire(chosen, runsNow: yielding == nil) { return start(chosen) }
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
      chosen.late = false
      chosen.pausedAt = nil
      return start(chosen)
    }
  }

  /// The choice a decision offers beyond its candidates, when it offers one.
  private enum ExtraChoice {
    /// The default job, postponed behind the rest of the work.
    case postpone(ScheduledJob)
    /// The next timer, fired and run at once while `waiting` stays at its checkpoint.
    case timerRunsNow(ScheduledJob, waiting: ScheduledJob)
  }

  /// Fires `timer`: time moves to it, and it gets its number in the run. True when it may start
  /// now (`runsNow`, and its serial lane neither busy nor holding work queued before it);
  /// otherwise it joins the ready jobs, queued as of now.
  private func fire(_ timer: ScheduledJob, runsNow: Bool) -> Bool {
    state.now = max(state.now, timer.readyAt!)
    state.timers.removeAll { $0 === timer }
    timer.readyAt = nil
    state.renumbered[timer.number] = state.nextNumber
    timer.number = state.nextNumber
    state.nextNumber += 1
    let laneFree =
      !timer.lane.isSerial
      || (!state.busyLanes.contains(timer.lane) && !state.ready.contains { $0.lane == timer.lane })
    if runsNow && laneFree { return true }
    state.ready.append(timer)
    return false
  }

  /// Whether a paused job may go on: a job in a `sync` only once its lane's turn has come, a job
  /// at a lock only once the lock is free.
  private func isResumable(_ job: ScheduledJob) -> Bool {
    if let canGo = job.waitsFor, !canGo() { return false }
    guard let wait = job.waitsForLane else { return true }
    return !state.busyLanes.contains(wait.lane)
      && !state.ready.contains { $0.lane == wait.lane && $0.number < wait.queuedBefore }
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

  /// The index of the candidate to run, by the policy; records the decision. With an `extra`
  /// choice, one more than the candidates is offered: index `candidates.count`. A seeded policy
  /// draws among the candidates only.
  private func choose(among candidates: [ScheduledJob], extra: ExtraChoice?) -> Int {
    let options = candidates.count + (extra == nil ? 0 : 1)
    guard options > 1 else { return 0 }
    let step = state.decisions
    state.decisions += 1
    state.readyCounts.append(options)
    var choice: Int
    switch state.policy {
    case .following(let schedule):
      choice = schedule.choice(at: step)
      if choice >= options { choice = 0 }
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
      let passed = candidates[0]
      if choice == candidates.count, let extra {
        switch extra {
        case .postpone(let postponed):
          state.deviationNotes.append(
            "decision \(step): \(postponed.label) (\(postponed.lane)) postponed behind the rest "
              + "of the work (runs late)")
          // The job that runs instead is known once the next default is taken.
          state.deviationJobs.append((-1, postponed.number, state.stamps))
        case .timerRunsNow(let timer, let waiting):
          state.deviationNotes.append(
            "decision \(step): \(timer.label) (\(timer.lane)) fired and ran while "
              + "\(waiting.label) (\(waiting.lane)) waited at its checkpoint")
          state.deviationJobs.append((timer.number, waiting.number, state.stamps))
        }
      } else {
        let chosen = candidates[choice]
        state.deviationNotes.append(
          "decision \(step): \(chosen.label) (\(chosen.lane)) went before \(passed.label) "
            + "(\(passed.lane))")
        state.deviationJobs.append((chosen.number, passed.number, state.stamps))
      }
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
