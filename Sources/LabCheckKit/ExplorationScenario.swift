import DeterministicScheduling
import Foundation

/// A story a kata's check plays on the learner's code under the deterministic scheduler, in
/// every order the search reaches: callers in tasks of their own, network answers on virtual
/// time, cancellations that may land at any point. `play` starts the story's work, waits for it,
/// settles (`ExplorationStory.settle()`) and returns what a user of the app would see wrong, in
/// the app's words; nothing, when the order it ran in broke nothing.
public struct ExplorationScenario: Sendable {
  /// The name a replay gives: `lab check KATA --schedule 'NAME@SCHEDULE'`.
  public let name: String
  /// What the scenario does, in one line.
  public let summary: String
  /// What happens in it, and what the code must do in each case, one line each.
  public let steps: [String]
  /// The lesson a failure points to.
  public let advice: String
  /// Deviations from the default order, at most.
  public let bound: Int
  /// The search's budget, in schedules: past it the scenario is judged on what was run.
  public let maximumSchedules: Int
  /// Seeded PCT runs after the search, for schedules deeper than the bound.
  public let seededRuns: Int
  /// For a kata whose wrong answers block a thread (a semaphore waiting for a callback): how
  /// long a job may keep the turn with no other job started, resumed or queued before the run
  /// is given up as blocked (`DeterministicScheduler.run`'s `blockingLimit`). Not a verdict by
  /// time: no job of a run takes more than microseconds, and one that waits for a callback that
  /// needs a turn of its own never ends; the limit only decides when the check says so rather
  /// than hang. Nil (the default) runs the jobs on the calling thread, twice as cheap.
  public let blockingLimit: TimeInterval?
  public let play: @Sendable (ExplorationStory) async -> [String]

  public init(
    _ name: String, summary: String, steps: [String], advice: String, bound: Int = 2,
    maximumSchedules: Int = 5_000, seededRuns: Int = 20, blockingLimit: TimeInterval? = nil,
    play: @escaping @Sendable (ExplorationStory) async -> [String]
  ) {
    self.blockingLimit = blockingLimit
    self.name = name
    self.summary = summary
    self.steps = steps
    self.advice = advice
    self.bound = bound
    self.maximumSchedules = maximumSchedules
    self.seededRuns = seededRuns
    self.play = play
  }
}

/// What one run of a scenario did, as the learner reads it: events in order, each in the lane
/// (the caller, the network) it happened in. The check's fakes write it as the learner's code
/// calls them; nothing in it is timed.
public final class ExplorationStory: @unchecked Sendable {
  /// One thing that happened.
  public struct Event: Sendable, Equatable, CustomStringConvertible {
    public let lane: String
    public let text: String

    public var description: String { "[\(lane)] \(text)" }
  }

  /// The lane of the running task: set by `inLane`, inherited by the tasks it creates.
  @TaskLocal static var lane = "app"

  /// The lane of the calling task: a fake reads it to say whose call it answers.
  public static var currentLane: String { lane }

  private let lock = NSLock()
  private var recorded: [Event] = []
  private var settledAt: Int?

  public init() {}

  /// The events so far, in order.
  public var events: [Event] { lock.withLock { recorded } }

  /// Records `text` in the lane of the calling task.
  public func note(_ text: String) {
    let event = Event(lane: Self.lane, text: text)
    lock.withLock { recorded.append(event) }
  }

  /// Records `text` in the lane `lane`, whichever task calls: for a fake that draws each of
  /// the app's requests in a lane of its own.
  public func note(_ text: String, inLane lane: String) {
    let event = Event(lane: lane, text: text)
    lock.withLock { recorded.append(event) }
  }

  /// Runs `body` in the lane `name`: what it and the tasks it creates note is drawn there.
  public func inLane<Value: Sendable>(
    _ name: String, _ body: () async throws -> Value
  ) async rethrows -> Value {
    try await Self.$lane.withValue(name, operation: body)
  }

  /// Suspends until nothing else can run: every task of the story has ended or waits for
  /// something that will never come, and no timer is left. The app's state is then still, and
  /// its invariants can be judged. Outside the scheduler it returns at once.
  ///
  /// The search deviates only before the first settle: what the scenario does after it (a
  /// caller that comes back, reads of the final state) runs in the default order.
  public func settle() async {
    await DeterministicScheduler.shared.waitUntilStill()
    let decisions = DeterministicScheduler.shared.decisionsSoFar
    lock.withLock { settledAt = settledAt ?? decisions }
  }

  /// The decision points before the first settle; nil if the story never settled.
  var decisionsBeforeSettle: Int? { lock.withLock { settledAt } }

  /// Work that comes later, as the scheduler decides: `body` runs after a virtual `delay`, so in
  /// the default order once nothing else is ready (a late network answer, a user's tap), and one
  /// deviation runs it at any decision point of the run. Virtual time: waiting costs nothing.
  public func later(
    _ lane: String, after delay: Duration = .seconds(1),
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    Task {
      await inLane(lane) {
        try? await Task.sleep(for: delay)
        await body()
      }
    }
  }
}
