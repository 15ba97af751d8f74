/// Reads the text `swiftc` prints into diagnostics. Pure: it never runs the compiler, so tests
/// can feed it captured output.
public enum DiagnosticsParser {
  /// Parses compiler output into its errors, warnings and remarks, each with the notes that
  /// follow it, in the order printed.
  ///
  /// It expects `-diagnostic-style llvm`, where every diagnostic, notes included, starts a line
  /// as `file:line:column: severity: message [id] [#Group]` (the `[id]` with
  /// `-debug-diagnostic-names`), followed by the source line and a caret
  /// line, which it skips. The default `swift` style prints the same first line for errors and
  /// warnings, but draws notes inside the source excerpt, so their locations are lost.
  public static func parse(_ output: String) -> [CompilerDiagnostic] {
    var diagnostics: [CompilerDiagnostic] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let diagnostic = parseLine(String(line)) else { continue }
      // A note explains the error or warning printed just before it.
      if diagnostic.severity == .note, !diagnostics.isEmpty {
        diagnostics[diagnostics.count - 1].notes.append(diagnostic)
      } else {
        diagnostics.append(diagnostic)
      }
    }
    return diagnostics
  }

  /// Parses one line, or returns nil when the line is not the start of a diagnostic (a source
  /// excerpt, a caret, a blank line).
  public static func parseLine(_ line: String) -> CompilerDiagnostic? {
    let (withID, group) = splitGroup(line)
    let (message, id) = splitID(withID)
    if let match = message.wholeMatch(of: locatedDiagnostic),
      let lineNumber = Int(match.line), let column = Int(match.column),
      let severity = CompilerDiagnostic.Severity(rawValue: String(match.severity))
    {
      return CompilerDiagnostic(
        file: String(match.file), line: lineNumber, column: column, severity: severity,
        message: String(match.message), group: group, id: id)
    }
    // The driver's own errors, such as an unknown flag, come without a location.
    if let match = message.wholeMatch(of: unlocatedDiagnostic),
      let severity = CompilerDiagnostic.Severity(rawValue: String(match.severity))
    {
      return CompilerDiagnostic(
        file: "<unknown>", line: 0, column: 0, severity: severity,
        message: String(match.message), group: group, id: id)
    }
    return nil
  }

  /// Splits the trailing ` [#GroupName]` off a line. The `swift` style also prints a footer line
  /// `[#GroupName]: <documentation URL>`; it does not end with `]`, so it is left alone.
  static func splitGroup(_ line: String) -> (message: String, group: String?) {
    guard let match = line.firstMatch(of: groupSuffix) else { return (line, nil) }
    return (String(line[..<match.range.lowerBound]), String(match.group))
  }

  /// Splits the trailing ` [diagnostic_id]` that `-debug-diagnostic-names` adds off a line whose
  /// group is already split off. Identifiers are lower-case words joined by underscores, which
  /// no message ends with in brackets.
  static func splitID(_ line: String) -> (message: String, id: String?) {
    guard let match = line.firstMatch(of: idSuffix) else { return (line, nil) }
    return (String(line[..<match.range.lowerBound]), String(match.id))
  }

  // Computed, not stored: a `Regex` is not `Sendable`, so it cannot be a shared `static let`.

  /// `Sources/X.swift:12:7: error: message`; the file is matched lazily so that a colon in a path
  /// does not swallow the line number.
  private static var locatedDiagnostic:
    Regex<
      (
        Substring, file: Substring, line: Substring, column: Substring, severity: Substring,
        message: Substring
      )
    >
  {
    #/
      (?<file> .+? ) : (?<line> \d+ ) : (?<column> \d+ ) :
      \  (?<severity> error | warning | note | remark ) : \  (?<message> .* )
      /#
  }

  /// `error: message` or `<unknown>:0: error: message`.
  private static var unlocatedDiagnostic:
    Regex<(Substring, severity: Substring, message: Substring)>
  {
    #/(?:<unknown>:0: )?(?<severity>error|warning|note|remark): (?<message>.*)/#
  }

  private static var idSuffix: Regex<(Substring, id: Substring)> {
    #/ \[(?<id>[a-z][a-z0-9_]*)\]$/#
  }

  private static var groupSuffix: Regex<(Substring, group: Substring)> {
    #/ \[#(?<group>[A-Za-z0-9_]+)\]$/#
  }
}
