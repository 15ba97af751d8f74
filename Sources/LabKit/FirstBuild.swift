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
  public static let coffeeChecks = "about 30 s"
  /// The first check of a kata, after the tool: the lab's check core only.
  public static let kataChecks = "about 10 s"
}
