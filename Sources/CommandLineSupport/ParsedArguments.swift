/// The arguments of one command, read option by option.
///
/// Every option is long and may be written `--name value` or `--name=value`; `-h` is the only
/// short one. A command takes what it knows (``flag(_:)``, ``value(_:)``, ``values(_:)``,
/// ``number(_:as:)``) and then asks for the ``positional(max:)`` arguments left, which fails on any
/// option nobody took. After `--`, everything is positional, even words starting with `-`.
public struct ParsedArguments: Sendable {
  /// One word of the command line: an option, perhaps with its `=value`, or a plain argument.
  struct Token: Equatable, Sendable {
    /// `--name` of an option, or the argument itself.
    let text: String
    /// What followed `=` in `--name=value`.
    let inlineValue: String?
    /// Whether the word reads as an option (and came before any `--`).
    let isOption: Bool
  }

  private var tokens: [Token]

  /// Reads `arguments`: the words after the program's (and the command's) name.
  public init(_ arguments: [String]) {
    var tokens: [Token] = []
    var afterTerminator = false
    for argument in arguments {
      if afterTerminator {
        tokens.append(Token(text: argument, inlineValue: nil, isOption: false))
      } else if argument == "--" {
        afterTerminator = true
      } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        tokens.append(
          Token(
            text: String(argument[..<equals]),
            inlineValue: String(argument[argument.index(after: equals)...]), isOption: true))
      } else {
        tokens.append(Token(text: argument, inlineValue: nil, isOption: argument.hasPrefix("-")))
      }
    }
    self.tokens = tokens
  }

  /// Whether `--help` or `-h` is anywhere among the options: help wins over everything else,
  /// so that a user who is lost always gets it.
  public var asksForHelp: Bool {
    tokens.contains { $0.isOption && ($0.text == "--help" || $0.text == "-h") }
  }

  /// Whether any of `names` is present; takes every occurrence. `--flag=value` is an error.
  public mutating func flag(_ names: String...) throws -> Bool {
    var found = false
    while let index = tokens.firstIndex(where: { $0.isOption && names.contains($0.text) }) {
      if tokens[index].inlineValue != nil {
        throw UsageError("\(tokens[index].text) takes no value")
      }
      tokens.remove(at: index)
      found = true
    }
    return found
  }

  /// Every value given to the option `name`, in order (`--only a --only b`); takes them all.
  public mutating func values(_ name: String) throws -> [String] {
    var values: [String] = []
    while let index = tokens.firstIndex(where: { $0.isOption && $0.text == name }) {
      if let inline = tokens[index].inlineValue {
        values.append(inline)
        tokens.remove(at: index)
        continue
      }
      // `--out --quiet` means a forgotten value, not a directory called "--quiet".
      guard index + 1 < tokens.count, !tokens[index + 1].text.hasPrefix("--") else {
        throw UsageError("\(name) needs a value")
      }
      values.append(tokens[index + 1].text)
      tokens.removeSubrange(index...(index + 1))
    }
    return values
  }

  /// The value of the option `name`, or nil when it is absent. Given twice, the last one wins.
  public mutating func value(_ name: String) throws -> String? {
    try values(name).last
  }

  /// The value of `name` read as a number (or any type that reads itself from text).
  public mutating func number<Number: LosslessStringConvertible>(
    _ name: String, as type: Number.Type
  ) throws -> Number? {
    guard let text = try value(name) else { return nil }
    guard let number = Number(text) else {
      throw UsageError("\(name) takes a number, not '\(text)'")
    }
    return number
  }

  /// The arguments no option took, at most `max` of them; an error for an option nobody took.
  public func positional(max: Int = .max) throws -> [String] {
    if let unknown = tokens.first(where: \.isOption) {
      throw UsageError("unknown option '\(unknown.text)'")
    }
    guard tokens.count <= max else {
      let extra = tokens.dropFirst(max).map(\.text).joined(separator: " ")
      throw UsageError("unexpected argument\(tokens.count - max > 1 ? "s" : "") '\(extra)'")
    }
    return tokens.map(\.text)
  }

  /// Checks that nothing is left: no option nobody took, no argument.
  public func done() throws {
    _ = try positional(max: 0)
  }
}
