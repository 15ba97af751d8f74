/// The lines a check executable prints and `lab` reads: the output protocol of every check, in
/// one place for both sides.
///
///     LAB-RUNNING <name>
///     LAB-WAITING <what>                 (optional: what the running check waits for next)
///     LAB-CHECK pass <name>
///     LAB-CHECK fail <name> :: <what went wrong, its first line>
///     LAB-DETAIL <each further line>     (`expected: …` and `actual: …` are shown side by side)
///     LAB-WARNING <file>:<line>: <message> [#Group]
///     LAB-RESULT pass|fail
public enum CheckReport {
  /// The first word of a protocol line, which says what the rest is.
  public enum Tag: String, Sendable, CaseIterable {
    case running = "LAB-RUNNING"
    case waiting = "LAB-WAITING"
    case check = "LAB-CHECK"
    case detail = "LAB-DETAIL"
    case warning = "LAB-WARNING"
    case result = "LAB-RESULT"

    /// The tag and the space after it, which every line of this kind starts with.
    public var prefix: String { rawValue + " " }

    /// The line that says `text` with this tag.
    public func line(_ text: String) -> String { prefix + text }

    /// What `line` says after this tag; nil when it is not a line of this kind.
    public func text(of line: some StringProtocol) -> String? {
      line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
    }
  }

  /// The word for a passed check or run.
  public static let pass = "pass"
  /// The word for a failed check or run.
  public static let fail = "fail"
  /// Between a failed check's name and its message.
  public static let messageSeparator = " :: "

  /// `LAB-CHECK pass <name>`.
  public static func passLine(name: String) -> String {
    Tag.check.line("\(pass) \(name)")
  }

  /// `LAB-CHECK fail <name> :: <message>`: `message` is the failure's first line.
  public static func failLine(name: String, message: some StringProtocol) -> String {
    Tag.check.line("\(fail) \(name)\(messageSeparator)\(message)")
  }

  /// `LAB-RESULT pass` or `LAB-RESULT fail`.
  public static func resultLine(passed: Bool) -> String {
    Tag.result.line(passed ? pass : fail)
  }

  /// One `LAB-CHECK` line read back: the check's name, whether it passed, and the message of a
  /// failure (nil for a pass, or a failure without one). Nil when `line` is no `LAB-CHECK` line.
  public static func checkLine(_ line: some StringProtocol) -> (
    name: String, passed: Bool, message: String?
  )? {
    guard let rest = Tag.check.text(of: line) else { return nil }
    if rest.hasPrefix(pass + " ") {
      return (String(rest.dropFirst(pass.count + 1)), true, nil)
    }
    guard rest.hasPrefix(fail + " ") else { return nil }
    let body = rest.dropFirst(fail.count + 1)
    guard let separator = body.firstRange(of: messageSeparator) else {
      return (String(body), false, nil)
    }
    return (
      String(body[..<separator.lowerBound]), false, String(body[separator.upperBound...])
    )
  }
}
