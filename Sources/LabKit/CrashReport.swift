/// What a crashed check process left behind, read from the runtime's own output and, when
/// Swift's backtracer ran, from the crashed thread's backtrace.
public struct CrashReport: Sendable, Equatable {
  /// The runtime's fatal message ("Fatal error: …"), or else how the process died ("Illegal
  /// instruction").
  public let message: String
  /// When there is no fatal message: the last line the crashed check printed, which is often
  /// the runtime's own word ("freed pointer was not the last allocation") but may be the app's.
  public let lastOutput: String?
  /// The learner's own frame, `function at file:line`, when the backtrace has one in the
  /// exercise's files.
  public let learnerFrame: String?
  /// The Swift API the learner's frame called into when it crashed, such as
  /// `MainActor.assumeIsolated`.
  public let calledAPI: String?
  /// The checks that had ended before the crash, as their `LAB-CHECK` lines said: a check that
  /// had already failed stays failed when a later one crashes.
  public let checksBefore: [Verdict.CheckLine]
  /// When the crash came without a message from the runtime and the exercise's sources use an
  /// unsafe continuation: where, as `file:line`. Resuming an unsafe continuation twice is
  /// undefined behaviour that nothing detects by default (SE-0300); on this toolchain it has died
  /// later, in the task allocator's words ("freed pointer was not the last allocation"). `lab`
  /// turns on the runtime's validation (`SWIFT_DEBUG_VALIDATE_UNCHECKED_CONTINUATIONS`), which
  /// stops at the second resume instead.
  public let unsafeContinuation: String?

  public init(
    message: String, lastOutput: String? = nil, learnerFrame: String? = nil,
    calledAPI: String? = nil, checksBefore: [Verdict.CheckLine] = [],
    unsafeContinuation: String? = nil
  ) {
    self.message = message
    self.lastOutput = lastOutput
    self.learnerFrame = learnerFrame
    self.calledAPI = calledAPI
    self.checksBefore = checksBefore
    self.unsafeContinuation = unsafeContinuation
  }

  /// Whether the runtime said why it stopped ("Fatal error: …", a continuation misuse): then
  /// its words are the diagnosis, and nothing needs guessing.
  public var hasRuntimeMessage: Bool {
    Self.runtimeMarkers.contains { message.contains($0) }
  }

  /// The words that start the runtime's messages when it stops a program on purpose.
  static let runtimeMarkers = [
    "SWIFT TASK CONTINUATION MISUSE", "Fatal error", "Precondition failed", "Assertion failed",
    "fatal error",
  ]

  /// The names of the checks that had failed before the crash.
  public var failedBefore: [String] { checksBefore.filter { !$0.passed }.map(\.name) }

  /// This report with `location` as the unsafe continuation that explains it; unchanged when
  /// the runtime gave its own message.
  func blaming(unsafeContinuationAt location: String?) -> CrashReport {
    guard let location, !hasRuntimeMessage else { return self }
    return CrashReport(
      message: message, lastOutput: lastOutput, learnerFrame: learnerFrame, calledAPI: calledAPI,
      checksBefore: checksBefore, unsafeContinuation: location)
  }

  /// What `message` says when the process left neither a runtime message nor a backtrace.
  static let noMessage = "the check process stopped without a message"
}
