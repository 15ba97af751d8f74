import Foundation

/// Where `lab` writes: standard output and error, coloured only on a terminal without
/// `NO_COLOR`; or any sink, for tests.
public struct Output: Sendable {
  private let write: @Sendable (String, Bool) -> Void
  private let colours: Bool

  /// Writes to the terminal.
  public init() {
    colours = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    write = { text, isError in
      if isError {
        FileHandle.standardError.write(Data((text + "\n").utf8))
      } else {
        print(text)
        fflush(nil)
      }
    }
  }

  /// Writes every line to `sink`, with `true` for error lines.
  public init(sink: @escaping @Sendable (String, Bool) -> Void) {
    colours = false
    write = sink
  }

  public func line(_ text: String) { write(text, false) }
  public func good(_ text: String) { write(paint(text, 32), false) }
  public func bad(_ text: String) { write(paint(text, 31), false) }
  public func dim(_ text: String) { write(paint(text, 2), false) }
  public func error(_ text: String) { write(text, true) }

  private func paint(_ text: String, _ code: Int) -> String {
    colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

/// A mistake on the command line: exit code 2.
public struct UsageError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// The options and arguments after a command's name.
struct Options {
  private var remaining: [String]

  init(_ arguments: [String]) {
    remaining = arguments
  }

  mutating func flag(_ names: String...) -> Bool {
    guard let index = remaining.firstIndex(where: names.contains) else { return false }
    remaining.remove(at: index)
    return true
  }

  mutating func value(_ name: String) throws -> String? {
    guard let index = remaining.firstIndex(of: name) else { return nil }
    guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
    defer { remaining.removeSubrange(index...(index + 1)) }
    return remaining[index + 1]
  }

  mutating func number(_ name: String) throws -> Double? {
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

  /// `--timeout`, else `LAB_TIMEOUT`, else 30 seconds.
  mutating func timeout() throws -> TimeInterval {
    if let given = try number("--timeout") { return given }
    if let text = ProcessInfo.processInfo.environment["LAB_TIMEOUT"] {
      guard let value = Double(text), value > 0 else {
        throw UsageError("LAB_TIMEOUT must be a positive number of seconds")
      }
      return value
    }
    return 30
  }

  /// The arguments left, at most `max` of them; an error for an unknown option.
  func positional(max: Int) throws -> [String] {
    if let unknown = remaining.first(where: { $0.hasPrefix("-") }) {
      throw UsageError("unknown option '\(unknown)'")
    }
    guard remaining.count <= max else {
      throw UsageError("too many arguments: \(remaining.joined(separator: " "))")
    }
    return remaining
  }

  func done() throws {
    _ = try positional(max: 0)
  }
}
