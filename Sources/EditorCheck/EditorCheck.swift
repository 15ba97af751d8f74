import CommandLineSupport
import Dispatch
import Foundation

/// `editor-check`: proves that an editor opening `Exercises/` understands the exercises. It
/// drives the toolchain's `sourcekit-lsp` over stdio as VS Code does, in a coffee exercise and a
/// kata, and fails unless jump-to-definition lands in `Sources/` and the compiler's diagnostics
/// come with their groups, in the exercise's language mode and settings.
@main
struct EditorCheck {
  static let usage = """
    USAGE: editor-check [--root DIR] [--open FOLDER] [--timeout SECONDS] [--only coffee|kata]
                        [--verbose]

    Opens Exercises/ in the toolchain's sourcekit-lsp, as an editor does, and checks a coffee
    exercise and a kata: definition of a lab type lands in Sources/, hover answers, and the
    diagnostics of a few lines added in memory carry their groups and the exercise's settings.
    Prints how long the first semantic answer took after opening the file.

    OPTIONS:
      --root DIR         The lab's folder (default: the current folder)
      --open FOLDER      The folder the editor opens, relative to the lab's folder
                         (default: Exercises, as the README says; "." tries the lab's folder)
      --timeout SECONDS  Give up after this long in all (default: 900); the first run builds
                         the lab's libraries for the editor, later runs reuse them
      --only NAME        Check one scenario: coffee or kata
      --verbose          Print every diagnostic the server sends for the added lines
      -h, --help         Show this help

    Exit status: 0 all checks pass, 1 a check failed, 2 bad usage or no sourcekit-lsp.
    The server's log is kept in .build/editor-check/sourcekit-lsp.log.
    """

  static func main() {
    let arguments = ParsedArguments(Array(CommandLine.arguments.dropFirst()))
    if arguments.asksForHelp {
      print(usage)
      return
    }
    do {
      let options = try EditorCheckOptions(parsing: arguments)
      let passed = try Run(options: options).perform()
      exit(passed ? 0 : 1)
    } catch {
      ErrorReport(error, tool: "editor-check").exit()
    }
  }
}
