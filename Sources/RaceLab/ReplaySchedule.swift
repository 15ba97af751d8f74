import CoffeeScenarios

/// How a catalog entry's interleaving is forced through the platform's checkpoints, and what the
/// replay saw: `Replay.run` runs it.
public struct ReplaySchedule: Sendable {
  /// What a replay saw: whether the entry's symptom appeared, and what was observed, in a
  /// sentence.
  public typealias Observation = (symptomShown: Bool, detail: String)
  /// Forces the interleaving on a variant.
  public typealias Run = @MainActor @Sendable (Variant) async throws -> Observation
  /// Forces the interleaving on a minimal copy of the code that has the defect.
  public typealias BeforeSide = @MainActor @Sendable () async throws -> Observation

  /// The replay on any variant: the before or after app, or a learner's exercise.
  public let onVariant: Run
  /// The before side, when it is not the before variant's app but a minimal copy of the code
  /// that has the defect (the talk's end state, an exercise's starter); nil when it is.
  public let beforeSide: BeforeSide?

  public init(_ onVariant: @escaping Run, beforeSide: BeforeSide? = nil) {
    self.onVariant = onVariant
    self.beforeSide = beforeSide
  }
}
