import CommandLineSupport
import DeterministicScheduling
import Foundation

// `race-lab explore` needs the scheduler's executors, and the runtime takes its executors once
// per process, when the first task is made: so they are installed here, first thing, and only
// for `explore`. Every other command runs on the platform's own executors.
let arguments = Array(CommandLine.arguments.dropFirst())
if ["explore", "explore-bench", "fidelity"].contains(arguments.first) {
  guard ExploringExecutors.install() else {
    FileHandle.standardError.write(
      Data(
        ("race-lab explore: this toolchain or platform has no custom executor interface "
          + "(Swift 6.3's ExecutorFactory; on macOS, 26.4 or later); the rest of the lab works "
          + "without it\n").utf8))
    exit(2)
  }
  // Thousands of short runs each write the drink file, and an atomic write syncs it to disk:
  // where a memory-backed folder exists (Linux's /dev/shm), the runs' documents folders go there,
  // and a sync costs nothing. What the app writes, and when, is the same.
  if FileManager.default.isWritableFile(atPath: "/dev/shm") {
    setenv("TMPDIR", "/dev/shm", 1)
  }
  // The main thread drives the runs: the scheduler runs every job itself, one at a time.
  do {
    guard
      let (command, options) = try RaceLabCommand.tool.commandToRun(
        arguments, printingHelpWith: { print($0) })
    else { RaceLabCommand.flushAndExit(0) }
    RaceLabCommand.flushAndExit(
      try command == "explore"
        ? ExploreCommand.run(options)
        : command == "fidelity" ? FidelityCommand.run(options) : ExploreBench.run(options))
  } catch {
    ErrorReport(error, tool: "race-lab", command: arguments.first).exit()
  }
} else {
  Task { @MainActor in await RaceLabCommand.main() }
  dispatchMain()
}
