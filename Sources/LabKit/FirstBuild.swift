import Foundation

/// What a fresh clone's first builds cost, said once: the lab's "first build" message and
/// `lab help check` read these, and the README and docs/workshop.md quote the same words
/// (`FirstBuildTests` fails when they differ). Measured with `time swift run lab list`, then
/// `time swift run lab check 1` (or `apod/1`), on fresh clones, on two cores: see the README's
/// "Start learning" for the figures behind each.
public enum FirstBuild {
  /// The first `swift run lab list`: SwiftPM builds the `lab` tool.
  public static let labTool = "about 15 s"
  /// The first check of the coffee track, after that: the Coffee Tracker, its scenarios and race
  /// replays, in the checks' own scratch folder.
  public static let coffeeChecks = "about 45 s"
  /// The first check of a kata, after the tool: the lab's check core only.
  public static let kataChecks = "about 20 s"

  /// The line `lab` writes when it was built by the editors' package, `Exercises/Package.swift`
  /// (`swift run lab` started in `Exercises/`, where an editor's terminal opens): that build is a
  /// second copy of the tool in `Exercises/.build`, beside the repository's own, built once more
  /// whenever the lab changes. The checks are not built twice: `lab` finds the repository above
  /// `Exercises/` and builds them in its scratch folder either way. Nil when `executable` is not
  /// under `root/Exercises/`.
  public static func secondBuildNotice(executable: URL, root: URL, arguments: [String])
    -> String?
  {
    let exercises = root.appendingPathComponent("Exercises").resolvingSymlinksInPath()
      .standardizedFileURL.path
    let path = executable.resolvingSymlinksInPath().standardizedFileURL.path
    guard path.hasPrefix(exercises + "/") else { return nil }
    let command = (["swift", "run", "lab"] + arguments.map(shellWord)).joined(separator: " ")
    return "this lab is a second build of the tool, made by Exercises/Package.swift into "
      + "Exercises/.build; the repository's is at the top level: cd .. && \(command)"
  }

  /// `word` as a shell reads it back: quoted when it holds anything but plain characters.
  static func shellWord(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
    if plain && !word.isEmpty { return word }
    return "'" + word.replacing("'", with: #"'\''"#) + "'"
  }

  /// The running `lab`'s own file (``secondBuildNotice(executable:root:arguments:)`` resolves
  /// its symbolic links).
  public static var currentExecutable: URL? {
    Bundle.main.executableURL
      ?? CommandLine.arguments.first.map {
        URL(
          fileURLWithPath: $0,
          relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      }
  }
}
