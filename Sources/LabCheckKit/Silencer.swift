import SourceScan

/// A way of making the compiler (or the runtime's check) quiet without making the code safe.
public enum Silencer: Sendable, Hashable, CustomStringConvertible {
  /// One of the escape hatches `SourceScan` finds: `nonisolated(unsafe)`, `@unchecked Sendable`,
  /// `assumeIsolated`, `@preconcurrency`, an unsafe continuation.
  case hatch(EscapeHatch)
  /// `DispatchQueue.main.sync`: waits for the main queue by blocking a thread, where `await
  /// MainActor.run` would suspend; the compiler does not check what the closure captures.
  case mainQueueSync

  /// Every silencer the lab knows.
  public static let all: [Silencer] = EscapeHatch.allCases.map { .hatch($0) } + [.mainQueueSync]

  public var description: String {
    switch self {
    case .hatch(let hatch): "`\(hatch.rawValue)`"
    case .mainQueueSync: "`DispatchQueue.main.sync`"
    }
  }

  /// What the silencer switches off, in the learner's words.
  public var silences: String {
    switch self {
    case .hatch(.unsafeContinuation):
      // The compiler never checks how often a continuation resumes. A checked continuation
      // traps on a second resume and logs one dropped unresumed; an unsafe one checks neither
      // (the CheckedContinuation and UnsafeContinuation documentation, SE-0300).
      "this silences the runtime's check that the continuation resumes exactly once"
    case .hatch, .mainQueueSync:
      "this silences the compiler"
    }
  }
}
