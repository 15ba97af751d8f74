import DeterministicScheduling
import Foundation

/// One run of a kata's scenario under the scheduler: what the scenario found wrong, the story
/// of what ran, and the scheduler's record (its schedule replays it exactly).
struct ExplorationRun: Sendable {
  let scenario: ExplorationScenario
  let record: DeterministicScheduler.Record
  let story: ExplorationStory
  /// What a user would see wrong, a hang included; empty when the run broke nothing.
  let problems: [String]

  /// Whether the run broke something the learner's code is judged on. Work that escaped the
  /// scheduler (a Dispatch queue of the learner's own) is the tool's limit, not a verdict: the
  /// kata's other checks judge that code.
  var isFinding: Bool { isBlocked || (!problems.isEmpty && record.escapes.isEmpty) }
  /// Whether a job kept the turn and never gave it back (`ExplorationScenario.blockingLimit`):
  /// the scheduler cannot run again in this process.
  var isBlocked: Bool { record.blockedOutside != nil }
  /// The ready counts of the decision points the search may deviate at: those before the
  /// story settled.
  var searchedReadyCounts: [Int] {
    Array(record.readyCounts.prefix(story.decisionsBeforeSettle ?? record.readyCounts.count))
  }

  /// Plays `scenario` once under `policy`.
  static func play(_ scenario: ExplorationScenario, policy: SchedulingPolicy) -> ExplorationRun {
    let story = ExplorationStory()
    let found = LockedProblems()
    // No blocking limit unless the scenario asks for one: a worker thread per run would double
    // the cost of a run. Without it, code that blocks a thread hangs the child, and the check
    // names what it waits for.
    let record = DeterministicScheduler.shared.run(
      policy: policy, blockingLimit: scenario.blockingLimit
    ) { finish in
      Task {
        found.set(await scenario.play(story))
        finish()
      }
    }
    var problems = found.value ?? []
    if let job = record.blockedOutside {
      let seconds = scenario.blockingLimit.map { "\(Int($0)) s" } ?? "a while"
      problems.append(
        "the app freezes: a job (\(job)) kept the only turn for \(seconds) without giving it "
          + "back, started, resumed or queued nothing: it blocks its thread (a semaphore, a lock "
          + "or a loop that waits) until something happens that needs a turn of its own, such "
          + "as the callback it waits for. Under the scheduler one job runs at a time; on the "
          + "cooperative pool, with one thread per core, a few such waits take every thread the "
          + "same way")
    } else if record.spinning != nil {
      let site = record.spinSite.first.map { " (\($0))" } ?? ""
      problems.append(
        "the app spins: a task yields in a loop\(site) with `Task.yield()` while nothing else "
          + "can run, \(DeterministicScheduler.spinLimit) turns in a row: what the loop waits for "
          + "never happens. Every other job went first after each yield, as on the runtime; wait "
          + "for the work itself instead (await its task, or a continuation it resumes)")
    } else if !record.rootFinished {
      let waiting =
        record.waiting.isEmpty ? "" : " (still set: \(record.waiting.joined(separator: ", ")))"
      problems.append(
        "the app hangs: nothing was ready while the scenario still waited for a caller to get "
          + "its answer; a continuation never resumed, or a task that never ends\(waiting)")
    }
    return ExplorationRun(scenario: scenario, record: record, story: story, problems: problems)
  }

  /// What the scenario's root task returns, for the thread that waits for the run.
  private final class LockedProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String]?

    var value: [String]? { lock.withLock { problems } }

    func set(_ problems: [String]) {
      lock.withLock { self.problems = problems }
    }
  }
}
