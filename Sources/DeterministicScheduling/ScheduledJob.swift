/// One piece of work the scheduler runs: a job of the concurrency runtime (a task's next
/// partial, an actor's turn) or a block (a queue's block, a platform callback).
final class ScheduledJob: @unchecked Sendable {
  enum Body {
    /// A runtime job, run on the main executor when `onMain`, else with the hop executor, so that
    /// every hop to an actor is a job of its own (see `HopExecutor`).
    case task(UnownedJob, onMain: Bool)
    case block(@Sendable () -> Void)
  }

  /// The job's number in the run: the order in which jobs were queued (timers: fired).
  var number: Int
  let lane: JobLane
  let label: String
  let body: Body
  /// When a timer's job becomes ready, in the run's virtual time; nil once ready.
  var readyAt: Duration?
  /// For a job held at a checkpoint: the virtual time it was held at.
  var pausedAt: Duration?
  /// What the job has seen of the others, for the happens-before analysis.
  var clock = VectorClock()
  /// How many jobs had finished when it was queued, or paused: a runtime job sees what finished
  /// since (see `DeterministicScheduler.joinWhatFinishedWhileWaiting`).
  var finishedBeforeWaiting = 0
  /// Its priority under PCT.
  var priority = 0
  /// The carrier running it: set from its start to its end.
  var carrier: Carrier?
  /// Postponed by a "runs late" deviation: in the default order it waits behind the rest of
  /// the work (see `DeterministicScheduler.decide`).
  var late = false
  /// A turn given away by `Task.yield()`: the runtime's continuation job, and the task job it
  /// resumes. In the default order it waits behind the jobs held at checkpoints and the timers
  /// due, as a yielding thread on the runtime lets those go on meanwhile.
  var yielded = false
  /// Whether it is the runtime's job for a `Task.yield()` (see `ScheduledDefaultExecutor`).
  var isYield = false
  /// The lane a `DispatchQueue.sync` onto another queue runs it on for the time of the block.
  var laneOverride: JobLane?
  /// For a job paused in a `sync` onto a serial lane: the lane, and the number of the first job
  /// queued on it after the call. It goes on once every job queued before has run and the lane
  /// is free, ahead of those queued after, as Dispatch's FIFO queue has it.
  var waitsForLane: (lane: JobLane, queuedBefore: Int)?
  /// For a job paused at a lock another job holds: whether it may take it now.
  var waitsFor: (@Sendable () -> Bool)?

  /// Whether it is a job of the concurrency runtime.
  var isRuntimeJob: Bool {
    if case .task = body { true } else { false }
  }

  /// Whether both are jobs of the runtime for the same task: a task's job is the task itself,
  /// queued again at each of its suspensions.
  func isSameTask(as other: ScheduledJob) -> Bool {
    guard case .task(let mine, _) = body, case .task(let theirs, _) = other.body else {
      return false
    }
    return unsafeBitCast(mine, to: UInt.self) == unsafeBitCast(theirs, to: UInt.self)
  }

  init(number: Int, lane: JobLane, label: String, body: Body, readyAt: Duration? = nil) {
    self.number = number
    self.lane = lane
    self.label = label
    self.body = body
    self.readyAt = readyAt
  }
}
