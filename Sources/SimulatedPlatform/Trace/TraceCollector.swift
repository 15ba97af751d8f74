/// Collects the traces of every platform created inside `collecting(_:)`, for commands and tests
/// that run code which makes its own platforms (replays, stress, scenarios).
public final class TraceCollector: Sendable {
  @TaskLocal static var current: TraceCollector?
  private let tracers = PlatformLock<[Tracer]>([])

  public init() {}

  /// The traces of the platforms created so far, in order of creation.
  public var traces: [Trace] { tracers.withLock { $0 }.map(\.trace) }

  /// Runs `body`; every platform it creates, in this task or its child tasks, reports here.
  public func collecting<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await Self.$current.withValue(self, operation: body)
  }

  func add(_ tracer: Tracer) {
    tracers.withLock { $0.append(tracer) }
  }
}
