import CommandLineSupport
import Foundation

/// The values `lab`'s commands share.
extension ParsedArguments {
  /// A positive number of seconds, such as `--interval 0.5`.
  mutating func seconds(_ name: String) throws -> Double? {
    guard let text = try value(name) else { return nil }
    guard let number = Double(text), number > 0 else {
      throw UsageError("\(name) takes a positive number, not '\(text)'")
    }
    return number
  }

  /// A whole number of at least 1, such as `--repeat 3`.
  mutating func count(_ name: String) throws -> Int? {
    guard let text = try value(name) else { return nil }
    guard let count = Int(text), count >= 1 else {
      throw UsageError("\(name) takes a whole number of at least 1, not '\(text)'")
    }
    return count
  }

  /// `--timeout`, else `LAB_TIMEOUT`, else `fallback` (30 seconds unless the command says).
  mutating func timeout(fallback: TimeInterval = 30) throws -> TimeInterval {
    if let given = try seconds("--timeout") { return given }
    if let text = ProcessInfo.processInfo.environment["LAB_TIMEOUT"] {
      guard let value = Double(text), value > 0 else {
        throw UsageError("LAB_TIMEOUT must be a positive number of seconds")
      }
      return value
    }
    return fallback
  }
}
