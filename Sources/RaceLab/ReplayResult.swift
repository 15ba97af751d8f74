/// What a deterministic replay of a catalog entry showed on one side.
public struct ReplayResult: Sendable {
  public let entry: RaceEntry
  /// "before" or "after"; for the reentrancy entry, "before" is the talk's end state.
  public let side: String
  /// Whether the entry's symptom appeared.
  public let symptomShown: Bool
  /// What was observed, in a sentence.
  public let detail: String
}
