import Foundation

/// Whether output gets ANSI colour: only on a terminal, and never when `NO_COLOR` is set
/// (https://no-color.org).
public struct TerminalStyle: Sendable {
  /// Whether to colour.
  public let usesColour: Bool

  public init(usesColour: Bool) {
    self.usesColour = usesColour
  }

  /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty.
  public static var standardOutput: TerminalStyle {
    let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return TerminalStyle(usesColour: isatty(STDOUT_FILENO) == 1 && !noColour)
  }

  /// Plain text.
  public static let plain = TerminalStyle(usesColour: false)

  public func red(_ text: String) -> String { paint(text, "31;1") }
  public func dim(_ text: String) -> String { paint(text, "2") }
  public func bold(_ text: String) -> String { paint(text, "1") }
  public func cyan(_ text: String) -> String { paint(text, "36") }

  private func paint(_ text: String, _ code: String) -> String {
    usesColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
