/// One changed copy of a reference solution's file.
public struct Mutant: Sendable, Equatable, Identifiable {
  /// `operator:file:place#n`, such as `remove-defer:Store.swift:Store.toggle#1`: the operator,
  /// the file, the function (qualified by its type) and the site's number among that operator's
  /// sites in that function. Stable under edits elsewhere in the file, where a line number is
  /// not, so the list of equivalent mutants survives unrelated changes.
  public let id: String
  /// The operator that made it.
  public let mutationOperator: MutationOperator
  /// The file's name in the exercise's folder.
  public let file: String
  /// The first line the operator changes, counted from 1.
  public let line: Int
  /// The whole file, mutated.
  public let text: String
  /// The whole file, as the solution has it.
  public let original: String

  /// The change as a unified diff against the solution's file.
  public var diff: String {
    UnifiedDiff.make(from: original, to: text, path: file)
  }
}
