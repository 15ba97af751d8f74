// swift-tools-version: 6.2
// The Swift Concurrency Lab: Apple's Coffee Tracker before and after its migration to Swift
// concurrency, on a simulated watch platform that runs on Linux and macOS alike.
import Foundation
import PackageDescription

/// Settings every Swift 6 target shares: the Swift 6 language mode, with every warning an error.
let swift6: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "SwiftConcurrencyLab",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "coffee-demo", targets: ["CoffeeDemo"]),
    .executable(name: "race-lab", targets: ["RaceLabCommand"]),
    .executable(name: "lab", targets: ["Lab"]),
    .executable(name: "lab-book", targets: ["LabBookCommand"]),
    .executable(name: "coffee-bench", targets: ["CoffeeBench"]),
    .executable(name: "editor-check", targets: ["EditorCheck"]),
    // What the exercises import, offered to Exercises/Package.swift: the package editors open.
    .library(name: "CoffeeDomain", targets: ["CoffeeDomain"]),
    .library(name: "SimulatedPlatform", targets: ["SimulatedPlatform"]),
    .library(name: "KataSupport", targets: ["KataSupport"]),
  ],
  targets: [
    // Drinks, caffeine math and the complication timeline: identical in both variants.
    .target(name: "CoffeeDomain", swiftSettings: swift6),
    // The scheduler that owns every step of a run: one job at a time, a policy picks the next,
    // schedules printed and replayed. No dependencies: the platform hands it its work.
    .target(name: "DeterministicScheduling", swiftSettings: swift6),
    // What the app touches of HealthKit, WatchKit, ClockKit and SwiftUI, simulated with their
    // real threading.
    .target(
      name: "SimulatedPlatform", dependencies: ["CoffeeDomain", "DeterministicScheduling"],
      swiftSettings: swift6),
    // The completion-handler app, races included. Swift 5 mode, as it was written. Its
    // concurrency warnings are the lesson, not noise: `make diagnose` compiles it in the Swift 6
    // mode and shows every one; the everyday build keeps quiet about them.
    .target(
      name: "CoffeeTrackerBefore",
      dependencies: ["CoffeeDomain", "SimulatedPlatform"],
      swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-suppress-warnings"])]
    ),
    // The same app after the migration: actors, async/await, @MainActor.
    .target(
      name: "CoffeeTrackerAfter",
      dependencies: ["CoffeeDomain", "SimulatedPlatform"],
      swiftSettings: swift6
    ),
    // What every command of the lab is made of: options, help, subprocesses, colour, wrapping.
    .target(name: "CommandLineSupport", swiftSettings: swift6),
    // Scripted scenarios that run against any variant, and what they observe.
    .target(
      name: "CoffeeScenarios",
      dependencies: [
        "CoffeeDomain", "SimulatedPlatform", "CoffeeTrackerBefore", "CoffeeTrackerAfter",
        "CheckReporting",
      ],
      swiftSettings: swift6
    ),
    // The race catalog, deterministic replays and seeded stress runs, and the compiler's
    // diagnostics of each variant matched to the catalog.
    .target(
      name: "RaceLab",
      dependencies: [
        "CoffeeDomain", "SimulatedPlatform", "CoffeeScenarios", "CompilerDiagnostics",
        "CommandLineSupport", "CheckReporting", "DeterministicScheduling",
      ],
      swiftSettings: swift6
    ),
    // Runs `swiftc` on a set of sources and reads its diagnostics by ID and group; finds the
    // declaration around a line. Checks, the race lab and the compiler-claim tests share it.
    .target(
      name: "CompilerDiagnostics", dependencies: ["CommandLineSupport"], swiftSettings: swift6),
    // Traces drawn: terminal lanes, Chrome trace files, the lab book's pages.
    .target(
      name: "LabTrace", dependencies: ["SimulatedPlatform", "CommandLineSupport"],
      swiftSettings: swift6),
    // The lab book: a static HTML site of every race, scenario and exercise, drawn from real runs.
    .target(
      name: "LabBook", dependencies: ["LabTrace", "RaceLab", "CoffeeScenarios"],
      swiftSettings: swift6),
    .executableTarget(
      name: "LabBookCommand", dependencies: ["LabBook", "CommandLineSupport"], swiftSettings: swift6
    ),
    .executableTarget(
      name: "RaceLabCommand",
      dependencies: [
        "RaceLab", "LabTrace", "CompilerDiagnostics", "CommandLineSupport", "CheckReporting",
        "DeterministicScheduling",
      ],
      swiftSettings: swift6),
    // How a check executable reports to `lab`: the `LAB-…` output lines, the environment `lab`
    // sets, values printed as a learner reads them. No dependencies: `lab` reads what checks write.
    .target(name: "CheckReporting", swiftSettings: swift6),
    // The check core every exercise's check executable is made of: the check suite, escape-hatch
    // scans of the learner's sources, compiler checks, the process that explores beside a check
    // (on the deterministic scheduler). No Coffee Tracker: katas build only this.
    .target(
      name: "LabCheckKit",
      dependencies: [
        "CheckReporting", "SourceScan", "CompilerDiagnostics", "DeterministicScheduling",
      ],
      swiftSettings: swift6
    ),
    // The coffee track's checks on top of the core: scenarios, race replays, holds on the
    // platform's threads, where the model's state is read.
    .target(
      name: "CoffeeChecks",
      dependencies: [
        "LabCheckKit", "CoffeeScenarios", "RaceLab", "SimulatedPlatform", "LabTrace",
        "DeterministicScheduling",
      ],
      swiftSettings: swift6
    ),
    // Finds the constructs that hide races from the compiler in Swift source, comments and
    // strings aside. No dependencies, so that tests and exercise checks alike can use it.
    .target(name: "SourceScan", swiftSettings: swift6),
    // What the katas' apps talk to instead of the network: canned answers, gates, counters.
    // Under the lab's deterministic scheduler (an exploring check), its callbacks go through it.
    .target(name: "KataSupport", dependencies: ["DeterministicScheduling"], swiftSettings: swift6),
    // The `lab` command and what it is made of: the exercise catalog, progress, checking.
    // CompilerDiagnostics for `SourceOutline`: which declaration a warning sits in.
    .target(
      name: "LabKit",
      dependencies: ["CheckReporting", "CommandLineSupport", "CompilerDiagnostics", "SourceScan"],
      swiftSettings: swift6),
    .executableTarget(name: "Lab", dependencies: ["LabKit"], swiftSettings: swift6),
    // Proves that editors understand the exercises: drives sourcekit-lsp on Exercises/.
    .executableTarget(
      name: "EditorCheck", dependencies: ["CommandLineSupport"], swiftSettings: swift6),
    // The demo explains a known bug of the before variant from its race catalog entry.
    .executableTarget(
      name: "CoffeeDemo",
      dependencies: [
        "CoffeeScenarios", "RaceLab", "LabTrace", "CommandLineSupport", "CheckReporting",
      ],
      swiftSettings: swift6),
    // `make bench`: the figures an instructor quotes, before against after, in one process.
    .executableTarget(
      name: "CoffeeBench",
      dependencies: [
        "CoffeeDomain", "SimulatedPlatform", "CoffeeScenarios", "RaceLab", "CommandLineSupport",
      ],
      swiftSettings: swift6),
    .testTarget(
      name: "LabKitTests", dependencies: ["LabKit", "CheckReporting", "CommandLineSupport"],
      swiftSettings: swift6),
    .testTarget(
      name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"], swiftSettings: swift6),
    // The options of `coffee-demo` and `race-lab`, parsed in process.
    .testTarget(
      name: "CommandOptionsTests", dependencies: ["CoffeeDemo", "RaceLabCommand"],
      swiftSettings: swift6),
    .testTarget(
      name: "LabCheckKitTests",
      dependencies: ["LabCheckKit", "CheckReporting", "SourceScan", "CompilerDiagnostics"],
      swiftSettings: swift6),
    .testTarget(
      name: "DeterministicSchedulingTests", dependencies: ["DeterministicScheduling"],
      swiftSettings: swift6),
    .testTarget(name: "KataSupportTests", dependencies: ["KataSupport"], swiftSettings: swift6),
    .testTarget(name: "CoffeeDomainTests", dependencies: ["CoffeeDomain"], swiftSettings: swift6),
    // The simulated platform's contracts, which the apps and the lab rely on: callback queues,
    // suspension, complication reloads, event recording, checkpoints.
    .testTarget(
      name: "SimulatedPlatformTests",
      dependencies: ["SimulatedPlatform", "CoffeeDomain", "DeterministicScheduling"],
      swiftSettings: swift6),
    // Every claim the lab makes about the compiler, proven by the compiler: Probes/ holds one
    // small source per claim, which the tests compile rather than build.
    .testTarget(
      name: "CompilerClaimTests", dependencies: ["CompilerDiagnostics"], exclude: ["Probes"],
      swiftSettings: swift6),
    .testTarget(name: "SourceScanTests", dependencies: ["SourceScan"], swiftSettings: swift6),
    .testTarget(
      name: "CoffeeTrackerTests",
      dependencies: [
        "CoffeeDomain", "SimulatedPlatform", "CoffeeScenarios", "RaceLab", "SourceScan",
        "LabTrace", "LabBook", "CompilerDiagnostics", "CheckReporting", "CommandLineSupport",
      ],
      swiftSettings: swift6
    ),
  ]
)

// MARK: - The exercise metadata

/// The tracks of `Exercises/exercises.json`, which the lab's exercise modules are built from.
func loadExerciseTracks() -> [[String: Any]] {
  let metadata = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Exercises/exercises.json")
  guard
    let data = try? Data(contentsOf: metadata),
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let tracks = json["tracks"] as? [[String: Any]]
  else {
    fatalError("Exercises/exercises.json is missing or not valid JSON")
  }
  // The same format check as `ExerciseCatalog.load`, which names every malformed field.
  guard (json["formatVersion"] as? Int) == 1 else {
    fatalError("Exercises/exercises.json: formatVersion is not 1, the format this manifest reads")
  }
  return tracks
}

/// The settings an exercise's module builds with, from its metadata: the language mode, warnings
/// as errors, and the settings of Swift 6.2's approachable concurrency that the later steps turn
/// on, the module's default isolation (SE-0466) and upcoming features such as
/// NonisolatedNonsendingByDefault (SE-0461).
func exerciseSettings(_ exercise: [String: Any]) -> [SwiftSetting] {
  let id = exercise["id"] as? String ?? "?"
  let mode = (exercise["swiftLanguageMode"] as? Int) == 6 ? SwiftLanguageMode.v6 : .v5
  var settings: [SwiftSetting] = [.swiftLanguageMode(mode)]
  if (exercise["warningsAsErrors"] as? Bool) == true {
    settings.append(.treatAllWarnings(as: .error))
  }
  switch exercise["defaultIsolation"] as? String {
  case nil: break
  case "MainActor": settings.append(.defaultIsolation(MainActor.self))
  case let other?:
    fatalError("\(id): defaultIsolation is \"MainActor\" or absent, not \"\(other)\"")
  }
  for feature in (exercise["upcomingFeatures"] as? [String]) ?? [] {
    settings.append(.enableUpcomingFeature(feature))
  }
  return settings
}

// MARK: - The exercises, built only for the `lab` command

/// The lab's code that an exploring check runs a thousand times over (the scheduler, the
/// simulated platform, the domain's math, the katas' network), built optimized (`-O`) in the
/// lab's builds of the exercises; the learner's module and the check stay debug builds, so their
/// hops and their lines stay as written. Measured at step 11 (two cores, quiet): its exploration
/// 1.5 s of CPU instead of 5.2 s, a re-check after a function is added 3.9 s wall instead of 5.8 s, and
/// the first build of the checks' support 50 s instead of 33 s. Optimized, the platform's own
/// async code runs as fewer jobs (one default run of step 11's drinks-in-a-row: 97 steps instead
/// of 106, the difference all jobs of the generic executor), as Apple's optimized frameworks
/// would; so there are fewer schedules to explore (522 to 432 on one half of step 11's).
let optimizedForChecks: Set<String> = [
  "CoffeeDomain", "DeterministicScheduling", "SimulatedPlatform", "KataSupport",
]

/// The exercises and their checks join the package only when `lab` builds them, with
/// `LAB_EXERCISES` naming where the exercise sources come from. Everyday builds and tests never
/// see them, so a learner's half-finished exercise cannot break `make test`.
///
/// - `exercises`: the learner's files in `Exercises/`;
/// - `solutions`: the reference answers in `Solutions/`;
/// - a folder path (such as `.lab/pristine`): the same layout anywhere else, for verification.
///
/// `LAB_ONLY` restricts the build to one exercise, by id. Both names are defined for Swift code in
/// `CheckReporting.LabEnvironment`; a manifest cannot import a module, so `CheckContractTests`
/// fails when this file spells them differently.
///
/// Each check executable depends on its exercise's module and on the track's `checkSupport`:
/// `LabCheckKit`, the check core, for the katas; `CoffeeChecks` for the coffee track, whose
/// checks run scenarios and race replays on the Coffee Tracker.
if let source = ProcessInfo.processInfo.environment["LAB_EXERCISES"] {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  for target in package.targets where optimizedForChecks.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
  }
  let only = ProcessInfo.processInfo.environment["LAB_ONLY"]
  let sourceRoot =
    switch source {
    case "exercises": "Exercises"
    case "solutions": "Solutions"
    default: source
    }
  /// What an exercise folder holds besides code. Decided by the source, not by looking at the
  /// disk: SwiftPM caches this manifest's result per environment, and a look at the disk would be
  /// stale once a folder appears.
  func excluded(in folder: String) -> [String] {
    switch source {
    case "exercises": ["README.md"]
    case "solutions": ["wrong-answers"]
    default:
      // Pristine starters and wrong-answer overlays, made fresh by `lab` before each build.
      ["README.md"].filter {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("\(folder)/\($0)").path)
      }
    }
  }
  for track in loadExerciseTracks() {
    let dependencies = (track["dependencies"] as? [String]) ?? []
    // A malformed entry stops the build: skipped, its exercise would vanish without a word.
    // `swift run lab list` names the entry and the field.
    func malformed(_ problem: String) -> Never {
      fatalError("Exercises/exercises.json: track \(track["id"] ?? "?") \(problem)")
    }
    guard let exercises = track["exercises"] as? [Any] else { malformed("has no exercises list") }
    // The library the track's checks are written with: katas need only the check core, the coffee
    // track's checks also run scenarios and race replays (and so build the Coffee Tracker).
    let checkLibraries = ["LabCheckKit", "CoffeeChecks"]
    guard let checkSupport = track["checkSupport"] as? String, checkLibraries.contains(checkSupport)
    else {
      malformed(
        "needs \"checkSupport\": one of \(checkLibraries.map { "\"\($0)\"" }.joined(separator: ", "))"
      )
    }
    for (index, entry) in exercises.enumerated() {
      guard let exercise = entry as? [String: Any], let id = exercise["id"] as? String,
        let module = exercise["module"] as? String,
        let mode = exercise["swiftLanguageMode"] as? Int, [5, 6].contains(mode)
      else {
        malformed("exercise \(index) needs \"id\", \"module\" and \"swiftLanguageMode\" (5 or 6)")
      }
      if let only, only != id { continue }
      package.targets.append(
        .target(
          name: module,
          dependencies: dependencies.map { .byName(name: $0) },
          path: "\(sourceRoot)/\(id)",
          exclude: excluded(in: "\(sourceRoot)/\(id)"),
          swiftSettings: exerciseSettings(exercise)
        ))
      package.targets.append(
        .executableTarget(
          name: "\(module)Check",
          // CheckReporting by name too: checks word their messages with it (`Wording`).
          dependencies: [
            .byName(name: module), .byName(name: checkSupport), .byName(name: "CheckReporting"),
          ],
          path: "Checks/\(id)",
          // The Swift 5 mode, so that checks can call into pre-migration code as it is.
          swiftSettings: [.swiftLanguageMode(.v5)]
        ))
    }
  }
}

// MARK: - The track's newest code, under the behaviour suite

/// The coffee track's last step is the app's newest form: its solution builds as
/// `CoffeeTrackerLatest`, with that step's settings, and `LatestSolutionTests` runs every scenario
/// of the behaviour suite on it, so that `make test` proves the newest code keeps the app's
/// observable behaviour. The step is found in `Exercises/exercises.json`, so a new step needs no
/// edit here. Not in the lab's own builds, which build the same folder as the step's module.
if ProcessInfo.processInfo.environment["LAB_EXERCISES"] == nil {
  let coffee = loadExerciseTracks().first { ($0["id"] as? String) == "coffee" }
  guard let last = (coffee?["exercises"] as? [[String: Any]])?.last,
    let id = last["id"] as? String
  else {
    fatalError("Exercises/exercises.json: the coffee track has no exercise with an \"id\"")
  }
  package.targets += [
    .target(
      name: "CoffeeTrackerLatest",
      dependencies: ((coffee?["dependencies"] as? [String]) ?? []).map { .byName(name: $0) },
      path: "Solutions/\(id)",
      exclude: ["wrong-answers"],
      swiftSettings: exerciseSettings(last)
    ),
    .testTarget(
      name: "LatestSolutionTests",
      dependencies: ["CoffeeTrackerLatest", "CoffeeScenarios", "SimulatedPlatform", "RaceLab"],
      swiftSettings: swift6
    ),
  ]
}
