/// The learner's page for the race catalog, generated from the catalog itself so that it cannot
/// drift: `swift run race-lab docs > docs/races.md`, and a test checks the file is up to date.
public enum RaceDocs {
  public static var markdown: String {
    var text = """
      # The race catalog

      Every concurrency defect of the before variant of the Coffee Tracker, what goes wrong, how
      to see it happen, and what the after variant does instead. Generated from the catalog's
      entries, one file each in `Sources/RaceLab/Races/`, by `swift run race-lab docs`; do not
      edit by hand.

      `make race` runs every detector below and prints one table; `make diagnose` shows what the
      Swift 6 compiler finds. A published change off the main queue is not in the catalog: no
      path of the before variant makes one (every assignment of `currentDrinks` runs on the main
      queue), and the behaviour suite checks that it stays so.

      | Entry | Detectors |
      | --- | --- |

      """
    for entry in RaceCatalog.entries {
      text +=
        "| [\(entry.title)](#\(entry.id)) | \(entry.detectors.sorted().map(\.rawValue).joined(separator: ", ")) |\n"
    }
    for entry in RaceCatalog.entries {
      text += """

        ## \(entry.id)

        **\(entry.title)**

        - Where: \(entry.location)
        - What goes wrong: \(entry.interleaving)
        - What you see: \(entry.symptom)
        - Caught by: \(entry.detectors.sorted().map(\.rawValue).joined(separator: ", "))
        - The after variant: \(entry.afterFix)
        - In the talk: \(entry.talkPassage)

        """
      if entry.detectors.contains(.replay) {
        text += "\nReplay it: `swift run race-lab replay \(entry.id)`\n"
      }
    }
    return text
  }
}
