/// A command line being read: options with values, flags, and what is left.
struct Arguments {
  private var remaining: [String]

  init(_ arguments: [String]) {
    remaining = arguments
  }

  /// Whether `flag` is present; removes it.
  mutating func flag(_ names: String...) -> Bool {
    guard let index = remaining.firstIndex(where: names.contains) else { return false }
    remaining.remove(at: index)
    return true
  }

  /// The value after `name`, if the option is present; removes both.
  mutating func value(_ name: String) throws -> String? {
    guard let index = remaining.firstIndex(of: name) else { return nil }
    guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
      throw UsageError("\(name) needs a value")
    }
    defer { remaining.removeSubrange(index...(index + 1)) }
    return remaining[index + 1]
  }

  /// The value after `name` as a number, if the option is present.
  mutating func number<Number: LosslessStringConvertible>(_ name: String, as type: Number.Type)
    throws -> Number?
  {
    guard let text = try value(name) else { return nil }
    guard let number = Number(text) else {
      throw UsageError("\(name) takes a number, not '\(text)'")
    }
    return number
  }

  /// The arguments not consumed; an error if any looks like an option.
  func positional() throws -> [String] {
    if let unknown = remaining.first(where: { $0.hasPrefix("-") }) {
      throw UsageError("unknown option '\(unknown)'")
    }
    return remaining
  }
}

/// A mistake on the command line: reported in one line, with a pointer to --help, exit code 2.
struct UsageError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
