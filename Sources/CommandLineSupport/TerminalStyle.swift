import Foundation

/// Colours and emphasis for terminal output, or none at all.
///
/// Escape codes are only worth sending to a person at a terminal: in a pipe or a file they are
/// noise. And anyone can turn them off with `NO_COLOR`: "when present and not an empty string,
/// [it] prevents the addition of ANSI color" (https://no-color.org).
public struct TerminalStyle: Sendable, Equatable {
  /// Whether escape codes are written.
  public let usesColour: Bool

  public init(usesColour: Bool) {
    self.usesColour = usesColour
  }

  /// Colour when the output is a terminal and `NO_COLOR` is unset or empty in `environment`.
  public init(isTerminal: Bool, environment: [String: String]) {
    let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    self.init(usesColour: isTerminal && !noColour)
  }

  /// The style for standard output: colour on a terminal, unless `NO_COLOR` says otherwise.
  public static var standardOutput: TerminalStyle {
    TerminalStyle(
      isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
  }

  /// Plain text.
  public static let plain = TerminalStyle(usesColour: false)

  public func bold(_ text: String) -> String { paint(text, "1") }
  public func dim(_ text: String) -> String { paint(text, "2") }
  public func red(_ text: String) -> String { paint(text, "31") }
  /// Red and bold: what must not be missed, such as a racing step.
  public func alarm(_ text: String) -> String { paint(text, "31;1") }
  public func green(_ text: String) -> String { paint(text, "32") }
  public func yellow(_ text: String) -> String { paint(text, "33") }
  public func cyan(_ text: String) -> String { paint(text, "36") }

  private func paint(_ text: String, _ code: String) -> String {
    usesColour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
