/// A rule that changes a reference solution the way a concurrency mistake would: the operators
/// of `lab dev mutants`, after ConMAn's for Java (Bradbury, Cordy and Dingel: shift, split and
/// remove a critical region, remove a join) carried over to Swift concurrency.
public enum MutationOperator: String, CaseIterable, Sendable, Comparable {
  /// Two neighbouring statements, one of them awaiting, swapped: a statement moved across an
  /// `await`, either way (a record written before the write instead of after it, too).
  case moveAcrossAwait = "move-across-await"
  /// `await Task.yield()` put between two statements of an actor's (or the main actor's) async
  /// method, the second of them a write: its read-modify-write split by a suspension.
  case splitCriticalSection = "split-critical-section"
  /// An awaited statement run in `Task { }` instead: nobody waits for it.
  case wrapInTask = "wrap-in-task"
  /// The same in `Task.detached { }`: nobody waits, and it leaves the caller's actor.
  case wrapInDetachedTask = "wrap-in-detached-task"
  /// `await previous.value` removed: the join with an earlier task dropped.
  case dropTaskValue = "drop-task-value"
  /// `async let x = f()` made `let x = try await f()`: concurrent children made sequential.
  case asyncLetToSequential = "async-let-to-sequential"
  /// `let x = try await f()` made `async let x = f()`, awaited where it is used.
  case sequentialToAsyncLet = "sequential-to-async-let"
  /// `try Task.checkCancellation()` or a `Task.isCancelled` test removed.
  case removeCancellationCheck = "remove-cancellation-check"
  /// A cancellation handler emptied: `onCancel: { }`, an `onTermination` removed.
  case removeCancellationHandler = "remove-cancellation-handler"
  /// A `defer { … }` removed.
  case removeDefer = "remove-defer"
  /// A `defer { … }` run where it stands instead of at the scope's end.
  case deferRunsEarly = "defer-runs-early"
  /// A continuation's resume written twice.
  case resumeTwice = "resume-twice"
  /// A continuation's resume removed: that path never resumes.
  case resumeNever = "resume-never"
  /// A continuation's resume moved before the statement ahead of it.
  case resumeEarly = "resume-early"
  /// `actor X` made `final class X: @unchecked Sendable`.
  case actorToClass = "actor-to-class"
  /// `@MainActor` removed from a type (which then says `@unchecked Sendable`), a function or a
  /// closure.
  case removeMainActor = "remove-main-actor"
  /// `nonisolated` added to a method of an actor or a main-actor type.
  case addNonisolated = "add-nonisolated"
  /// One `withLock { a; b }` split into two critical sections.
  case splitWithLock = "split-with-lock"
  /// A condition negated, in concurrent code.
  case negateCondition = "negate-condition"
  /// A call removed, in concurrent code.
  case removeCall = "remove-call"
  // The operators below came later (issue 34's rest): last, so that every earlier operator's
  // mutants, and the duplicates dropped among them, stay as they were.

  /// A `withLock { … }` that takes in the statement after it: more work held under the lock.
  /// Widening and shrinking are two operators: two different mistakes (a lock held over work
  /// that needs none; a write left out of its critical section), counted apart.
  case widenLockRegion = "widen-lock-region"
  /// A `withLock { … }` whose last statement is moved just after the closure: that statement
  /// runs outside the critical section.
  case shrinkLockRegion = "shrink-lock-region"
  /// `@concurrent` added to an async function that is not isolated to an actor: it then runs
  /// on the global concurrent executor instead of its caller's actor (SE-0461, "Run
  /// nonisolated async functions on the caller's actor by default", Swift 6.2).
  case addConcurrent = "add-concurrent"
  /// An awaited statement run in `Task { @MainActor in }` instead: nobody waits for it, and it
  /// hops to the main actor.
  case addMainActorTask = "add-main-actor-task"
  /// The wait for a stored task, `await x?.value`, made a test that returns early while the
  /// task is kept: `if x != nil { return }`, a flag instead of a wait.
  case flagInsteadOfWait = "flag-instead-of-wait"
  /// A continuation's resume replaced by the resume of another branch of the same `if`/`else`
  /// chain, `do`/`catch` or `switch`: that path resumes as the other would.
  case resumeOnWrongPath = "resume-on-wrong-path"

  /// What the operator does, for the report.
  public var summary: String {
    switch self {
    case .moveAcrossAwait: "a statement moved across an await"
    case .splitCriticalSection: "a read-modify-write split by an await"
    case .wrapInTask: "an awaited call wrapped in Task { }"
    case .wrapInDetachedTask: "an awaited call wrapped in Task.detached { }"
    case .dropTaskValue: "the await of a previous task's value dropped"
    case .asyncLetToSequential: "async let made sequential"
    case .sequentialToAsyncLet: "sequential awaits made async let"
    case .removeCancellationCheck: "a cancellation check removed"
    case .removeCancellationHandler: "a cancellation handler removed"
    case .removeDefer: "a defer removed"
    case .deferRunsEarly: "a defer run early"
    case .resumeTwice: "a continuation resumed twice"
    case .resumeNever: "a continuation never resumed"
    case .resumeEarly: "a continuation resumed early"
    case .actorToClass: "actor made a class, @unchecked Sendable"
    case .removeMainActor: "@MainActor removed"
    case .addNonisolated: "nonisolated added"
    case .splitWithLock: "one withLock split into two"
    case .negateCondition: "a condition negated"
    case .removeCall: "a call removed"
    case .widenLockRegion: "a lock's region widened by a statement"
    case .shrinkLockRegion: "a lock's region shrunk by a statement"
    case .addConcurrent: "@concurrent added"
    case .addMainActorTask: "an awaited call wrapped in Task { @MainActor in }"
    case .flagInsteadOfWait: "a task's wait made an early return"
    case .resumeOnWrongPath: "a continuation resumed as another path does"
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
