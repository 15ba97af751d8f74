/// The learner's page for the race catalog, generated from the catalog itself so that it cannot
/// drift: `swift run race-lab docs > docs/races.md`, and a test checks the file is up to date.
public enum RaceDocs {
  public static var markdown: String {
    var text = """
      # The race catalog

      The concurrency defects of the before variant of the Coffee Tracker that the lab
      catalogs: what goes wrong, how to see it happen, and what the after variant does instead.
      The catalog is not complete: [Defects the lab does not catalog](#defects-the-lab-does-not-catalog),
      at the end, lists the ones known and left out, and why. Generated from the catalog's
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
    text += whichToolFindsWhat
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
      if let explored = entry.explored {
        text +=
          "\nExplore it: `swift run race-lab explore \(entry.id)`; the schedule that shows it: "
          + "`\(explored.command.replacingOccurrences(of: "swift run ", with: ""))`\n"
      }
    }
    text += """

      ## Defects the lab does not catalog

      Known, and not in the catalog: no replay or stress invariant shows them. Each says whether a
      lesson or a check does.

      """
    for defect in uncatalogued {
      text += """

        ### \(defect.title)

        - Where: \(defect.location)
        - What goes wrong: \(defect.interleaving)
        - What you see: \(defect.symptom)
        - Why it is not in the catalog: \(defect.whyNotCatalogued)
        - What would fix it: \(defect.fix)

        """
    }
    return text
  }

  /// A defect the lab knows of and leaves out of the catalog, listed so that the docs claim no
  /// completeness the catalog lacks.
  public struct UncataloguedDefect: Sendable {
    public let title: String
    /// Where the defect lives: file and symbol.
    public let location: String
    /// Lines that show the defect, each a file under the package root and a piece of text on
    /// it: a test checks they are still there, so that a fix cannot leave this entry stale.
    public let lines: [RaceLesson.CodeLine]
    public let interleaving: String
    public let symptom: String
    public let whyNotCatalogued: String
    public let fix: String
  }

  /// The defects the lab knows of and does not catalog.
  /// What each detector can and cannot see, so that a learner picks the right one.
  static let whichToolFindsWhat = """

    ## Which tool finds what

    - **explore** (`race-lab explore ENTRY|SCENARIO`): a deterministic scheduler runs every job
      of a scenario one at a time (the runtime's jobs through Swift 6.3's custom executor
      interface, the before variant's queue blocks, the platform's callbacks and checkpoints,
      timers on virtual time) and tries every schedule within a bound of deviations from the
      default order, fewest first, so a finding of the search comes with a minimal schedule (a
      seeded PCT run's is not minimal) and a command that replays it exactly. A deviation is any
      choice other than the default's, at any decision point; one more choice than the ready jobs
      runs a meanwhile timer at a checkpoint, or postpones the default job behind the rest of the
      work (it runs late). It also sees a race that did no harm in that run: two accesses to one
      variable, at least one a write, by jobs that no happens-before edge orders (queued by,
      following on the same serial queue, an actor's turns, a continuation resumed). The
      platform sees an access through what it leaves behind (a log line written right after the
      variable, a published property written, a callback that writes state as it runs), so each
      entry names the variables its events stand for, and code isolated to an actor is taken to
      touch that actor's own state (the compiler's isolation checking, SE-0306 and SE-0414): two
      accesses isolated to different actors are never one variable. An entry that is an order
      rather than a data race (every write ends before the background task is completed) calls
      two such events unordered "an order nothing guarantees". Its limits: an explored order is
      a possible one, not a likely one, and may need contention to happen on a device; a job runs
      to its next checkpoint (a platform call, a queue's `sync`) without preemption, so a race
      inside synchronous code between two checkpoints is not split; in a task with no executor
      preference, a hop out of a default actor to the pool or to an idle actor runs inline, as
      the runtime runs it, so not every order of the code around such a hop is explored
      (`race-lab fidelity` measures which); memory is sequentially consistent; work from a thread
      it does not run, or a blocking wait, is named as an escape. A runtime job is taken to have
      seen every job that finished while it waited (an actor's own queue is invisible to it):
      that adds edges, so it can hide a race between two runtime jobs, never invent one. Code
      that escapes isolation unsafely (`nonisolated(unsafe)`, `@unchecked Sendable`) may touch
      one variable from two actors, which the variables' names cannot tell: such a race can be
      hidden too.
    - **replay** (`race-lab replay ENTRY`): the entry's interleaving forced by hand-written gates
      at the platform's checkpoints, on real threads. The exercises' checks play these same
      replays on the learner's code.
    - **stress** (`race-lab stress`): seeded runs on real threads with random or PCT priorities at
      the checkpoints; it samples the operating system's orders, so it meets real parallelism, but
      a seed fixes priorities and latencies, not the run.
    - **tsan**: ThreadSanitizer on a forced schedule: data races at the level of memory on real
      threads, inside synchronous code too.
    - **compiler**: the Swift 6 language mode's data-race checking, before anything runs.

    """

  public static let uncatalogued: [UncataloguedDefect] = [
    UncataloguedDefect(
      title: "The launch load replaces the drink list wholesale",
      location:
        "CoffeeTrackerBefore/CoffeeData.swift: CoffeeData.load(); the same step in "
        + "CoffeeTrackerAfter/CoffeeData.swift: CoffeeData.readSavedDrinks(), in every coffee "
        + "step's solution, and in Apple's sample",
      // The launch's assignment, after the comment Apple's sample puts above it.
      lines: [
        .init(
          file: "Sources/CoffeeTrackerBefore/CoffeeData.swift",
          needle: "// Assign loaded drinks to model.\n        currentDrinks = drinks"),
        .init(
          file: "Sources/CoffeeTrackerAfter/CoffeeData.swift",
          needle: "// Assign loaded drinks to model.\n    currentDrinks = drinks"),
      ],
      interleaving:
        "The launch reads the saved list off the main queue, then assigns it to the model whole. "
        + "A drink added, or health samples merged (the app came to the foreground, a background "
        + "refresh ran), while that read is in flight are in the model before the assignment and "
        + "gone after it.",
      symptom:
        "A drink the user just added disappears from the model and the complication, and the next "
        + "save writes the list without it. Merged health samples never come back: the query's "
        + "anchor has already moved past them, so no later health load returns them again.",
      whyNotCatalogued:
        "For merged samples it is fixed from exercise 09 on: updates from HealthKit wait for the "
        + "launch's read (`savedDrinksRead`), and the explored scenario "
        + "samples-at-foreground-launch, a launch in the foreground as a watch launches an app, "
        + "checks it. For a drink added during the read, the after variant keeps it, as does every "
        + "step: a catalog entry is one the after variant survives. The stress lets the user act "
        + "only once the launch has settled (`Sources/RaceLab/Stress.swift`).",
      fix:
        "The launch merges the loaded list with what arrived meanwhile instead of replacing it: "
        + "it keeps the drinks added since the launch began, and adds the loaded ones not already "
        + "there (the same drink by its identifier). No step teaches it for drinks; merged samples "
        + "are kept by making the update wait for the read instead."
    )
  ]
}
