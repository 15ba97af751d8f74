import Foundation

/// Readable, fixed identifiers for the samples scenarios create.
public enum ScenarioIDs {
  /// The identifier of scenario sample `number`.
  public static func sample(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "5A4D91E0-0000-4000-8000-%012d", number))!
  }

  /// "S1" for `sample(1)`; the UUID itself for anything else.
  public static func name(of id: UUID) -> String {
    let prefix = "5A4D91E0-0000-4000-8000-"
    guard id.uuidString.hasPrefix(prefix), let number = Int(id.uuidString.dropFirst(prefix.count))
    else {
      return id.uuidString
    }
    return "S\(number)"
  }
}
