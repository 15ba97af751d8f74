import Foundation

/// The mutants that survive every check because no caller can tell them from the solution,
/// each with the reason: `docs/mutants-equivalent.json`, kept in the repository. A survivor
/// listed there does not fail `lab dev mutants`; one that is not does.
public struct EquivalentMutants: Codable, Sendable, Equatable {
  /// One listed mutant.
  public struct Entry: Codable, Sendable, Equatable {
    /// The exercise's id.
    public let exercise: String
    /// The mutant's id (``Mutant/id``).
    public let mutant: String
    /// Why no caller can see the difference.
    public let reason: String

    /// An entry: `mutant` of `exercise` is equivalent, for `reason`.
    public init(exercise: String, mutant: String, reason: String) {
      self.exercise = exercise
      self.mutant = mutant
      self.reason = reason
    }
  }

  /// The entries, by exercise.
  public var equivalent: [Entry]

  /// A list of `equivalent` entries.
  public init(equivalent: [Entry] = []) {
    self.equivalent = equivalent
  }

  /// The file, relative to the package root.
  public static let path = "docs/mutants-equivalent.json"

  /// Reads the list; an empty one when the file does not exist.
  public static func load(root: URL) throws -> EquivalentMutants {
    let url = root.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: url.path) else { return EquivalentMutants() }
    do {
      return try JSONDecoder().decode(EquivalentMutants.self, from: Data(contentsOf: url))
    } catch {
      throw LabError("\(path) is malformed: \(error)")
    }
  }

  /// The entry for mutant `id` of `exercise`, if it is listed.
  public func entry(exercise: String, mutant id: String) -> Entry? {
    equivalent.first { $0.exercise == exercise && $0.mutant == id }
  }
}
