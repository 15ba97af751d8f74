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
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
