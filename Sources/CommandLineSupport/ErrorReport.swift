import Foundation

/// How a tool ends on an error: the line it prints on standard error, and its exit code.
///
/// A ``UsageError`` gets ``UsageError/exitCode`` and a pointer to the help of the tool (or of
/// the command) that was misused; any other error is a failure the tool reports, exit code 1.
public struct ErrorReport: Sendable, Equatable {
  /// The line to print, starting with the tool's name.
  public let message: String
  /// The code the tool exits with.
  public let exitCode: Int32

  /// The report of `error` in `tool`, while running `command` if it is known.
  public init(_ error: any Error, tool: String, command: String? = nil) {
    if let usage = error as? UsageError {
      let help = [tool, command, "--help"].compactMap { $0 }.joined(separator: " ")
      message = "\(tool): \(usage.description). Run '\(help)'."
      exitCode = UsageError.exitCode
    } else {
      message = "\(tool): \(error)"
      exitCode = 1
    }
  }

  /// Prints the message on standard error and exits, after flushing what `print` buffered (an
  /// `exit` alone could drop the end of the output when it goes to a pipe).
  public func exit() -> Never {
    fflush(nil)
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(exitCode)
  }
}
