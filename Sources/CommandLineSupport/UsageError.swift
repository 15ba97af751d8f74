/// A mistake on the command line: an unknown option or command, a missing or malformed value.
///
/// Every tool of the lab reports one in a single line on standard error, naming what was wrong
/// and pointing to `--help`, and exits with ``UsageError/exitCode``.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// The exit code of a usage error in every tool of the lab: 2, as the tools have always used
  /// (swift-argument-parser uses 64, `EX_USAGE`; scripts and docs here already expect 2).
  public static let exitCode: Int32 = 2

  /// What was wrong, in one line, without the tool's name.
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
