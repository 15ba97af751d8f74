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

  public init(
    message: String, lastOutput: String? = nil, learnerFrame: String? = nil,
    calledAPI: String? = nil
  ) {
    self.message = message
    self.lastOutput = lastOutput
    self.learnerFrame = learnerFrame
    self.calledAPI = calledAPI
  }
}
