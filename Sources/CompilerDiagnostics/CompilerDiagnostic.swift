/// One diagnostic the Swift compiler printed: an error or a warning, with the notes that explain
/// it.
public struct CompilerDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The group of a use of a deprecated declaration: where a migration's shim still has
  /// callers, the places left to migrate, which the lab always shows.
  public static let deprecatedDeclarationGroup = "DeprecatedDeclaration"

  /// How serious the compiler says the diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    /// Extra information attached to the error or warning printed before it.
    case note
    case remark
  }

  /// The file as the compiler printed it, relative to the directory it ran in; `<unknown>` when
  /// the diagnostic has no location (a bad flag, a missing module).
  public let file: String
  /// The 1-based line; 0 when the diagnostic has no location.
  public let line: Int
  /// The 1-based column; 0 when the diagnostic has no location.
  public let column: Int
  public let severity: Severity
  /// The message without its diagnostic group suffix.
  public let message: String
  /// The diagnostic group the compiler appends as `[#Name]`, such as `SendableClosureCaptures`;
  /// nil when it names none.
  public let group: String?
  /// The diagnostic's identifier in the compiler, such as `concurrent_access_of_local_capture`,
  /// which `swiftc -debug-diagnostic-names` appends as `[name]`; nil without that flag. Unlike the
  /// message, it does not change with the wording: checks match on it and on `group`.
  public let id: String?
  /// The notes the compiler printed right after this diagnostic.
  public var notes: [CompilerDiagnostic]

  /// The name diagnostics without a group are filed under.
  public static let ungrouped = "ungrouped"

  public init(
    file: String, line: Int, column: Int, severity: Severity, message: String,
    group: String? = nil, id: String? = nil, notes: [CompilerDiagnostic] = []
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
    self.group = group
    self.id = id
    self.notes = notes
  }

  /// The group's name, or `ungrouped`.
  public var groupName: String { group ?? Self.ungrouped }

  /// The file's last path component, for short listings.
  public var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }

  /// `file:line:column`, the form editors and terminals turn into links.
  public var location: String { "\(file):\(line):\(column)" }

  /// The diagnostic as the compiler printed its first line.
  public var description: String {
    "\(location): \(severity.rawValue): \(message)" + (id.map { " [\($0)]" } ?? "")
      + (group.map { " [#\($0)]" } ?? "")
  }
}
