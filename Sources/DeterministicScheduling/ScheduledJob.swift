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

  /// Whether it is a job of the concurrency runtime.
  var isRuntimeJob: Bool {
    if case .task = body { true } else { false }
  }

  init(number: Int, lane: JobLane, label: String, body: Body, readyAt: Duration? = nil) {
    self.number = number
    self.lane = lane
    self.label = label
    self.body = body
    self.readyAt = readyAt
  }
}
